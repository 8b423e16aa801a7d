// The Examples menu: short programs covering the language, each evaluating without error in Puppet 8 (checked against real Puppet).
// To re-check with the oracle (see ../shared/oracle/README.md):
//   node -e "import('./web/src/examples.js').then(({EXAMPLES}) => EXAMPLES.forEach((e) => console.log(JSON.stringify({id: e.id, src: e.code}))))" \
//     | ruby ../shared/oracle/pp_oracle.rb        # every line must have "error":null
export const EXAMPLES = [
  {
    id: 'arithmetic',
    title: 'Arithmetic and precedence',
    code: `# Integer arithmetic with Puppet's precedence: * / % before + -.
# Division and modulo round toward negative infinity, as in Ruby.
(1 + 2) * 3
  + -7 / 2
  + -4 % 3
  + 0xFF - 0777
`,
  },
  {
    id: 'operators',
    title: 'Operators',
    code: `# Comparison, logic, membership, concatenation and merging.
$a = 10
$b = 3
$numbers = [$a + $b, $a - $b, $a * $b, $a / $b, $a % $b, $a << 2]
$logic = $a > $b and !($a == $b)
$found = 'ell' in 'Hello'
$arrays = [1, 2] + [3] - [1]
$merged = { 'a' => 1 } + { 'b' => 2 }
[$numbers, $logic, $found, $arrays, $merged]
`,
  },
  {
    id: 'access',
    title: 'Access: arrays, hashes, strings',
    code: `$list = [10, 20, 30, 40]
$second = $list[1]
$last = $list[-1]
$slice = $list[1, 2]
$h = { 'name' => 'web', 'ports' => [80, 443] }
$port = $h['ports'][1]
$prefix = 'Puppet'[0, 3]
[$second, $last, $slice, $port, $prefix]
`,
  },
  {
    id: 'case',
    title: 'case and selectors on facts',
    code: `# The node's facts are in the Facts pane: change os.name and watch the result.
$family = $facts['os']['name'] ? {
  /^(Debian|Ubuntu)$/ => 'debian',
  'RedHat'            => 'redhat',
  default             => 'other',
}
case $family {
  'debian', 'ubuntu': { "apt (\${family})" }
  default:            { 'something else' }
}
`,
  },
  {
    id: 'iteration',
    title: 'Lambdas and iteration',
    code: `$numbers = [1, 2, 3, 4, 5]
$squares = $numbers.map |$n| { $n * $n }
$even = $numbers.filter |$n| { $n % 2 == 0 }
$sum = $numbers.reduce |$memo, $n| { $memo + $n }
$pairs = { 'a' => 1, 'b' => 2 }.map |$key, $value| { "\${key}=\${value}" }
$numbers.each |$n| { notice("n is \${n}") }
[$squares, $even, $sum, $pairs]
`,
  },
  {
    id: 'heredoc',
    title: 'Heredocs and interpolation',
    code: `$user = { 'name' => 'ada', 'groups' => ['admin', 'dev'] }
$text = @("END"/L)
  Hello \${user['name']}!
  You are in \${user['groups'].length} groups: \${join($user['groups'], ', ')}.
  | END
$sum = "2 + 3 = \${2 + 3}"
"\${text}\${sum}"
`,
  },
  {
    id: 'types',
    title: 'Types and aliases',
    code: `type Port = Integer[1, 65535]
type Endpoint = Struct[{ name => String[1], port => Port }]
$web = { 'name' => 'web', 'port' => 443 }
$valid = $web =~ Endpoint
$detailed = type([1, 'two', 3.0])
$general = type([1, 'two', 3.0], 'generalized')
[$valid, $detailed, $general, Port]
`,
  },
  {
    id: 'matching',
    title: 'Type matching',
    code: `$values = [42, 'text', [1, 2], { 'k' => 'v' }, undef, 3.5]
$kinds = $values.map |$v| {
  case $v {
    Integer:         { 'an integer' }
    String:          { 'a string' }
    Array[Integer]:  { 'integers' }
    Hash:            { 'a hash' }
    Undef:           { 'nothing' }
    default:         { 'something else' }
  }
}
$regex = 'abc' =~ /b/
$pattern = 'abc' =~ Pattern[/^a/]
[$kinds, $regex, $pattern]
`,
  },
  {
    id: 'format',
    title: 'String formatting',
    code: `$padded = sprintf('%05.2f|%-6s|%x', 3.14159, 'ab', 255)
$hex = String(255, '%#x')
$programmatic = String([1, 'two'], '%p')
$boolean = String(true)
[$padded, $hex, $programmatic, $boolean]
`,
  },
  {
    id: 'epp',
    title: 'EPP templates',
    code: `$template = @(EPP)
  <%- | String $name, Array[String] $items | -%>
  Hello <%= $name %>,
  <% $items.each |$item| { -%>
  * <%= $item %>
  <% } -%>
  | EPP
inline_epp($template, { 'name' => 'world', 'items' => ['a', 'b'] })
`,
  },
  {
    id: 'logging',
    title: 'Logging',
    code: `notice('a notice')
warning('a warning')
info('an info line')
[1, 2, 3].each |$i| { notice("line \${i}") }
'done'
`,
  },
  {
    id: 'resources',
    title: 'Resources: defaults, defines, collectors',
    code: `# Resource defaults, defined types, virtual resources and a collector
define greeting(String $message = 'hello') {
  notice("\${title}: \${message}")
}
Greeting { message => 'hi' }
greeting { 'alice': }
greeting { 'bob': message => 'good morning' }
@greeting { 'carol': }
Greeting <| title == 'carol' |>
Greeting['alice'] { message => 'hey' }
$steps = [1, 2, 3].reverse_each
[type($steps), $steps.map |$x| { $x * 10 }]
`,
  },
];
