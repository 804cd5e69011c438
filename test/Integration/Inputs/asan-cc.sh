#!/bin/sh
# A linker for `graphc --linker`: links with AddressSanitizer, whose leak
# checker then reports, at exit, any memory the program did not free.
exec clang-22 -fsanitize=address "$@"
