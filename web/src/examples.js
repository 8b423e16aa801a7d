// The Examples menu: short programs covering the language and small environments, each evaluating without error in Puppet 8 (checked against real Puppet).
// Each ends with a statement (an assignment, a call), so that a learner can add a line after it.
// To re-check with the oracle (see ../shared/oracle/README.md):
//   node -e "import('./web/src/examples.js').then(({EXAMPLES}) => EXAMPLES.filter((e) => !e.files).forEach((e) => console.log(JSON.stringify({id: e.id, src: e.code}))))" \
//     | ruby ../shared/oracle/pp_oracle.rb        # every line must have "error":null
export const EXAMPLES = [
  {
    id: 'arithmetic',
    title: 'Arithmetic and precedence',
    code: `# Integer arithmetic with Puppet's precedence: * / % before + -.
# Division and modulo round toward negative infinity, as in Ruby.
$result = (1 + 2) * 3
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
$result = [$numbers, $logic, $found, $arrays, $merged]
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
$result = [$second, $last, $slice, $port, $prefix]
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
$packages = case $family {
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
$result = [$squares, $even, $sum, $pairs]
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
$result = "\${text}\${sum}"
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
$result = [$valid, $detailed, $general, Port]
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
$result = [$kinds, $regex, $pattern]
`,
  },
  {
    id: 'format',
    title: 'String formatting',
    code: `$padded = sprintf('%05.2f|%-6s|%x', 3.14159, 'ab', 255)
$hex = String(255, '%#x')
$programmatic = String([1, 'two'], '%p')
$boolean = String(true)
$result = [$padded, $hex, $programmatic, $boolean]
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
$text = inline_epp($template, { 'name' => 'world', 'items' => ['a', 'b'] })
`,
  },
  {
    id: 'logging',
    title: 'Logging',
    code: `notice('a notice')
warning('a warning')
info('an info line')
[1, 2, 3].each |$i| { notice("line \${i}") }
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
$result = [type($steps), $steps.map |$x| { $x * 10 }]
`,
  },
  // puppetlabs-stdlib's functions (the page then loads its full engine); checked with OpenVox 8.28.1 with
  // stdlib 9.7.0 on the modulepath (`../shared/oracle/env_oracle.rb`, ENV_ORACLE_STDLIB the module):
  // it logs "www-data on 8080: [1048576, 4194304]" and declares Package[nginx] and Package[curl].
  {
    id: 'stdlib',
    title: 'puppetlabs-stdlib: merge, pick, ensure_packages',
    code: `# puppetlabs-stdlib's functions, as on a Puppet server with stdlib 9 installed.
$defaults = { 'port' => 80, 'user' => 'www-data' }
$settings = stdlib::merge($defaults, { 'port' => 8080 })
$user = pick($facts['web_user'], $settings['user'])
stdlib::ensure_packages(['nginx', 'curl'])
$config = stdlib::to_json_pretty($settings)
$sizes = ['1024', '4096'].map |$s| { to_bytes("\${s}k") }
notice("\${user} on \${settings['port']}: \${sizes}")
`,
  },
  // Environments: `files` beside the snippet (here empty, so the environment's manifests/ is the
  // main manifest), `open` the file shown first. Checked with real Puppet through the environment oracle:
  // (for the node of the Facts pane's default facts):
  //   node --input-type=module -e "import { EXAMPLES } from './web/src/examples.js'; import facts from './tests/conformance/facts.json' with { type: 'json' };
  //     for (const e of EXAMPLES.filter((e) => e.files)) console.log(JSON.stringify({ id: e.id, src: e.code, files: e.files, facts }))" \
  //     | ruby ../shared/oracle/env_oracle.rb      # "error":null, and the catalog
  {
    id: 'module',
    title: 'A module: class, define and EPP template',
    open: 'modules/motd/manifests/init.pp',
    code: '',
    files: {
      'manifests/site.pp': `# The main manifest: snippet.pp is empty, so the environment's manifests/ is compiled.
class { 'motd':
  message => 'Welcome to the playground',
}
`,
      'modules/motd/manifests/init.pp': `# The module's main class: a file from an EPP template, and a greeting per administrator.
class motd (
  String        $message = 'Managed by Puppet',
  Array[String] $admins  = ['alice', 'bob'],
) {
  file { '/etc/motd':
    ensure  => file,
    mode    => '0644',
    content => epp('motd/motd.epp', { 'message' => $message, 'admins' => $admins }),
  }
  $admins.each |String $admin| {
    motd::greeting { $admin: }
  }
}
`,
      'modules/motd/manifests/greeting.pp': `# A defined type: one instance per title, here one per administrator.
define motd::greeting (
  String $greeting = 'Welcome',
) {
  notify { "greeting \${title}":
    message => "\${greeting}, \${title}!",
  }
}
`,
      'modules/motd/templates/motd.epp': `<%- | String $message, Array[String] $admins | -%>
<%= $message %> on <%= $facts['networking']['fqdn'] %>.
Administrators: <%= $admins.join(', ') %>
`,
    },
  },
  {
    id: 'roles-profiles',
    title: 'Roles and profiles',
    open: 'modules/role/manifests/webserver.pp',
    code: '',
    files: {
      'manifests/site.pp': `# Node classification: this node is a web server.
include role::webserver
`,
      'modules/role/manifests/webserver.pp': `# A role says what a node is, and is made of profiles only.
class role::webserver {
  include profile::base
  include profile::web
}
`,
      'modules/profile/manifests/base.pp': `# A profile configures component modules the way this site wants them: every node keeps time.
class profile::base {
  class { 'ntp':
    servers => ['0.pool.ntp.org', '1.pool.ntp.org'],
  }
}
`,
      'modules/profile/manifests/web.pp': `# A web server with one site.
class profile::web (
  Integer $port = 8080,
) {
  include nginx
  nginx::site { 'www.example.com':
    port => $port,
  }
}
`,
      'modules/ntp/manifests/init.pp': `# A component module: package, then its configuration, then the service it restarts.
class ntp (
  Array[String] $servers = ['pool.ntp.org'],
) {
  package { 'ntp':
    ensure => installed,
  }
  -> file { '/etc/ntp.conf':
    content => $servers.map |$server| { "server \${server} iburst\\n" }.join(''),
  }
  ~> service { 'ntp':
    ensure => running,
    enable => true,
  }
}
`,
      'modules/nginx/manifests/init.pp': `# A component module: the package and the service.
class nginx {
  package { 'nginx':
    ensure => installed,
  }
  service { 'nginx':
    ensure  => running,
    require => Package['nginx'],
  }
}
`,
      'modules/nginx/manifests/site.pp': `# One virtual host; nginx restarts when its configuration changes.
define nginx::site (
  Integer $port = 80,
  String  $root = "/var/www/\${title}",
) {
  file { "/etc/nginx/sites-enabled/\${title}.conf":
    content => "server {\\n  listen \${port};\\n  server_name \${title};\\n  root \${root};\\n}\\n",
    notify  => Service['nginx'],
  }
}
`,
    },
  },
  // Hiera: hiera.yaml with a level per OS family, a deep merge by lookup_options, automatic parameter
  // lookup and an EPP template with facts; checked as the environments above (and for RedHat facts):
  // web/e2e/hiera-example.golden.json holds real Puppet's catalog, held by web/e2e/hiera.test.mjs.
  {
    id: 'hiera',
    title: 'Hiera: data per OS family, deep merge, class parameters',
    open: 'hiera.yaml',
    code: '',
    files: {
      'hiera.yaml': `# Hiera 5: where this environment's data is, most specific level first.
# Try the Lookup pane with the key app::settings, or change os.family in the Facts pane.
version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: 'Per OS family'
    path: 'os/%{facts.os.family}.yaml'
  - name: 'Common data'
    path: 'common.yaml'
`,
      'data/common.yaml': `---
# Values for every node. lookup_options: app::settings merges its hashes across levels (deep).
lookup_options:
  app::settings:
    merge: deep
app::package: 'app'
app::settings:
  main:
    port: 8080
    workers: 2
  log:
    level: 'info'
    file: '/var/log/app.log'
admins:
  - 'alice'
`,
      'data/os/Debian.yaml': `---
# Debian and Ubuntu nodes.
app::package: 'app-debian'
app::settings:
  main:
    user: 'www-data'
  log:
    level: 'debug'
admins:
  - 'bob'
`,
      'data/os/RedHat.yaml': `---
# Red Hat, CentOS, Rocky and AlmaLinux nodes.
app::package: 'app-el'
app::settings:
  main:
    user: 'apache'
`,
      'manifests/site.pp': `# The main manifest (snippet.pp is empty): app's parameters come from Hiera.
include app
# A lookup of your own: both levels' admins, merged (unique).
$admins = lookup('admins', Array[String], 'unique', [])
notice("Administrators: \${admins.join(', ')}")
`,
      'modules/app/manifests/init.pp': `# Automatic parameter lookup: each parameter not given is looked up as app::<name>.
class app (
  String $package,
  Hash   $settings,
) {
  package { $package:
    ensure => installed,
  }
  file { '/etc/app.conf':
    ensure  => file,
    content => epp('app/app.conf.epp', { 'settings' => $settings }),
    require => Package[$package],
  }
}
`,
      'modules/app/templates/app.conf.epp': `<%- | Hash $settings | -%>
# <%= $facts['os']['name'] %> <%= $facts['os']['release']['major'] %>, managed by Puppet
<% $settings.each |$section, $values| { -%>
[<%= $section %>]
<% $values.each |$key, $value| { -%>
<%= $key %> = <%= $value %>
<% } -%>
<% } -%>
`,
    },
},
];
