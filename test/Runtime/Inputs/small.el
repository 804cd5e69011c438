# a comment
% another comment

0 1
0 2
2 1
1 3
3 3
0 1
  	
4 0