# Regenerates ruby_float_format.tsv: Ruby's own sprintf (what Puppet's sprintf and String(v, fmt) call) on
# floats near rounding ties. Run with the oracle's Ruby: ruby core/tests/data/gen_ruby_float_format.rb
srand(20261121)
values = []
(0..300).each { |i| values << (i / 100.0 + 0.005).round(3) }
(0..200).each { |i| values << i * 0.05 }
(0..200).each { |i| values << i * 0.005 }
(0..100).each { |i| values << i * 0.125 }
(0..150).each { |i| values << rand * 10**rand(-8..12) }
(0..50).each { |i| values << (rand(1..99999) + 0.5) * 10.0**rand(-6..3) }
values = values.uniq.reject(&:zero?)
formats = ['%.0f', '%.1f', '%.2f', '%.3f', '%.2e', '%.3g']
lines = []
values.each do |v|
  formats.each { |f| lines << [f, v.to_s, sprintf(f, v)].join("\t") }
end
# Wide-ranging values (exponents -30..30) with more precisions, one format each.
wide = ['%.0f', '%.5f', '%.8f', '%.0e', '%.1e', '%.6e', '%.13e', '%g', '%.2g', '%.12g', '%.14f']
2000.times do
  v = rand * 10.0**rand(-30..30)
  next if v.zero?
  f = wide.sample
  lines << [f, v.to_s, sprintf(f, v)].join("\t")
end
# Puppet reads 1e16, not 1e+16: the literal (second field) drops the plus.
lines = lines.map do |l|
  f, v, out = l.split("\t")
  [f, v.sub('e+', 'e'), out].join("\t")
end
File.write(File.join(__dir__, 'ruby_float_format.tsv'), lines.join("\n") + "\n")
