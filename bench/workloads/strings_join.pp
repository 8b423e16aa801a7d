# 20,000 interpolated strings joined.
Integer[1, 20000].map |$i| { "item ${i} of ${$i * 2}" }.join(',').length
