# A 50-line playground example: re-evaluated on every keystroke in the browser.
type Port = Integer[1, 65535]
type Svc = Struct[{ name => String[1], port => Port, tags => Array[String] }]

function describe(Svc $s) >> String {
  $tags = $s['tags'].join(', ')
  "${s['name']} on port ${s['port']} (${tags})"
}

function weight(Integer $n) >> Integer {
  $n ? {
    Integer[0, 9]    => 1,
    Integer[10, 99]  => 2,
    default          => 3,
  }
}

$services = [
  { name => 'web',   port => 443,  tags => ['http', 'tls'] },
  { name => 'db',    port => 5432, tags => ['sql'] },
  { name => 'cache', port => 6379, tags => [] },
  { name => 'mail',  port => 25,   tags => ['smtp'] },
]

$valid = $services.filter |$s| { $s =~ Svc }
$by_name = $valid.reduce({}) |$memo, $s| { $memo + { $s['name'] => $s } }
$ports = $valid.map |$s| { $s['port'] }.sort
$total = $ports.reduce(0) |$sum, $p| { $sum + weight($p) }

$lines = $valid.map |$s| { describe($s) }
$report = $lines.join("\n")

$kind = $total ? {
  Integer[0, 5] => 'small',
  default       => 'large',
}

case $kind {
  'small': { $size = 1 }
  'large': { $size = 2 }
  default: { $size = 0 }
}

$matches = $services.map |$s| { $s['name'] =~ /^(w|d)/ }
$upper = $by_name.keys.map |$k| { $k.upcase }
notice("${kind} setup: ${ports}")
$summary = { 'kind' => $kind, 'size' => $size, 'ports' => $ports, 'names' => $upper }
$checked = $summary =~ Hash[String, Variant[String, Integer, Array]]
[$summary, $checked, $matches, $report.length]
