#!/usr/bin/env python3
"""Compiles GraphIt's own CPU programs with graphc and reports what fails.

usage: scripts/graphit-survey.py GRAPHIT_CHECKOUT [--graphc PATH]

Tries, as issue 13 asks:
  - every program in apps/ and test/input/ under its own schedule;
  - every (program, schedule file) pair of GraphIt's
    test/python/test_with_schedules.py and of the graphit_eval Makefiles;
  - every expect_output_val case of test/python/test.py, run from a bin/
    directory of the checkout (the programs load ../test/graphs/...) and
    compared with the value GraphIt's test expects.
Prints one line per failure and the counts. GraphIt's files stay in the
checkout; nothing is copied into this repository.
"""
import argparse
import collections
import os
import re
import subprocess
import sys


def compile_case(graphc, root, program, schedule=None):
    """Compiles to LLVM IR; returns (ok, first error line)."""
    args = [graphc, os.path.join(root, program)]
    if schedule:
        args += ['--schedule', os.path.join(root, schedule)]
    r = subprocess.run(args + ['--emit=llvm', '-o', os.devnull],
                       capture_output=True, text=True, timeout=120)
    errors = [l for l in r.stderr.splitlines() if 'error' in l or 'Stack dump' in l]
    return r.returncode == 0 and not errors, (errors or [''])[0]


def schedule_pairs(root):
    """(program, schedule) pairs GraphIt's own tests and evaluation compile."""
    src = open(os.path.join(root, 'test/python/test_with_schedules.py')).read()
    helpers = {}
    for m in re.finditer(r'def (\w+)\(self[^)]*\):(.*?)(?=\n    def )', src, re.S):
        a = re.search(r'separate_algo_schedule_files\("([^"]+)"', m.group(2))
        if a:
            helpers[m.group(1)] = a.group(1)
    pairs = set()
    for m in re.finditer(r'def (test_\w+)\(self\):(.*?)(?=\n    def |\Z)', src, re.S):
        for call in re.finditer(r'self\.(\w+)\(([^)]*)\)', m.group(2)):
            fn, args = call.groups()
            files = re.findall(r'"([^"]+\.gt)"', args)
            separate = 'True' in args
            if not files:
                continue
            if len(files) >= 2 and (fn.startswith(('basic_compile_with', 'expect_output_val_with',
                                                    'basic_compile_test_with', 'astar'))):
                pairs.add(('test/input/' + files[0], 'test/input_with_schedules/' + files[1]))
            elif fn == 'sssp_verified_test':
                algo = 'delta_stepping.gt' if 'use_delta_stepping=True' in args else 'sssp.gt'
                if 'use_separate_algo_file=False' not in args:
                    pairs.add(('test/input/' + algo, 'test/input_with_schedules/' + files[0]))
            elif fn in helpers and separate:
                pairs.add(('test/input/' + helpers[fn], 'test/input_with_schedules/' + files[0]))
    for dirpath, _, names in os.walk(os.path.join(root, 'graphit_eval')):
        if 'Makefile' not in names:
            continue
        text = open(os.path.join(dirpath, 'Makefile')).read()
        var = dict(re.findall(r'^(GRAPHIT_\w+_DIR)\s*=\s*(\S+)', text, re.M))
        for a, s in re.findall(r'-a (\S+) -f (\S+)', text):
            for k, v in var.items():
                a, s = a.replace('${%s}' % k, v), s.replace('${%s}' % k, v)
            a = os.path.relpath(os.path.normpath(os.path.join(dirpath, a)), root)
            s = os.path.relpath(os.path.normpath(os.path.join(dirpath, s)), root)
            if os.path.exists(os.path.join(root, a)) and os.path.exists(os.path.join(root, s)):
                pairs.add((a, s))
    return sorted(pairs)


def expected_outputs(graphc, root):
    """Runs test.py's expect_output_val cases; returns (right, wrong, failed)."""
    src = open(os.path.join(root, 'test/python/test.py')).read()
    right = wrong = failed = 0
    os.makedirs(os.path.join(root, 'bin'), exist_ok=True)
    binary = os.path.join(root, 'bin', 'graphit-survey.bin')
    for m in re.finditer(r'self\.expect_output_val\("([^"]+)",\s*([^,\)\]]+)(?:,\s*\[([^\]]*)\])?', src):
        name, want = m.group(1), m.group(2).strip()
        sources = [os.path.join(root, 'test/input', e) for e in re.findall(r'"([^"]+)"', m.group(3) or '')]
        r = subprocess.run([graphc, os.path.join(root, 'test/input', name)] + sources + ['-o', binary],
                           capture_output=True, text=True, timeout=120)
        if r.returncode:
            failed += 1
            continue
        r = subprocess.run([binary], capture_output=True, text=True,
                           cwd=os.path.join(root, 'bin'), timeout=120)
        values = [float(x) for x in r.stdout.split() if re.fullmatch(r'[-+0-9.e]+', x)]
        if r.returncode == 0 and any(abs(v - float(want)) < 1e-3 for v in values):
            right += 1
        else:
            wrong += 1
            print(f'WRONG {name}: expected {want}, printed {r.stdout.strip()[-60:]!r}')
    return right, wrong, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('graphit')
    parser.add_argument('--graphc', default=os.path.join(os.path.dirname(__file__), '..', 'build', 'bin', 'graphc'))
    args = parser.parse_args()
    root, graphc = os.path.abspath(args.graphit), os.path.abspath(args.graphc)
    cases = [(p, None) for d in ('apps', 'test/input')
             for p in sorted(os.path.join(d, f) for f in os.listdir(os.path.join(root, d)) if f.endswith('.gt'))]
    cases += schedule_pairs(root)
    reasons = collections.Counter()
    passed = 0
    for program, schedule in cases:
        ok, error = compile_case(graphc, root, program, schedule)
        if ok:
            passed += 1
            continue
        reason = re.sub(r'^\S+:\d+:\d+: ', '', error)
        reasons[reason] += 1
        print(f'FAIL {program}' + (f' + {schedule}' if schedule else '') + f': {reason}')
    print(f'compiled: {passed} of {len(cases)} (programs and program + schedule pairs)')
    for reason, count in reasons.most_common():
        print(f'{count:4d}  {reason}')
    right, wrong, failed = expected_outputs(graphc, root)
    print(f'test.py expect_output_val: {right} right, {wrong} wrong, {failed} do not compile')


if __name__ == '__main__':
    main()
