# Edge list: 12 vertices. Vertices 7, 9 and 11 are isolated (11 only
# appears in a self loop), 3 -> 3 is a self loop, 0 -> 1 appears twice.
0 1
0 1
0 2
1 3
2 1
2 3
3 3
3 4
4 0
5 6
6 5
8 4
10 8
11 11
