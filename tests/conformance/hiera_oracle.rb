#!/usr/bin/env ruby
# frozen_string_literal: true
#
# hiera_oracle.rb - env_oracle.rb (../shared/oracle/env_oracle.rb) with a global Hiera layer and trusted
# extensions per case. It compiles Puppet programs with the real Puppet (7.x) inside a whole environment
# and prints one JSON line per case, exactly as env_oracle.rb does; a case without the fields below is
# compiled exactly as env_oracle.rb compiles it and gives the same answer.
#
# Input (stdin):  JSON Lines, each
#   {"id": "...", "src": "<main manifest code>",
#    "files": {"relative/path": "text", ...},     (optional) the environment's files
#    "facts": {...},                               (optional) the node's facts
#    "global_hiera": "<hiera.yaml text>",          (optional) the global hiera.yaml (Puppet's $confdir/hiera.yaml)
#    "global_data": {"relative/path": "text"},     (optional) files of the global layer's directory (the
#                                                  directory of that hiera.yaml: its datadir is relative to it)
#    "trusted_extensions": {...}}                  (optional) $trusted['extensions'] (default {})
# Output (stdout): JSON Lines, each {"id", "value", "logs", "error", "catalog"} (as env_oracle.rb)
#
#   value   - the %p form of the value of the main code's last expression (null on error); when the
#             main code is the environment's manifests/ directory, the value of its last file's last
#             expression (a node definition: undef)
#   logs    - ["<level>: <message>", ...] logged during the compile: what the program logged at any level
#             (notice(), warning(), info(), debug(), ...), and what Puppet itself logged at notice level
#             and above (warnings, deprecations); no Scope(...) prefix; Puppet's own debug/info chatter
#             (autoloading, "Retrieving template ...") is left out
#   error   - null, or the first line of the compile's error; file positions read relative to the
#             environment directory: (file: snippet.pp, ...), (file: modules/m/manifests/init.pp, ...);
#             files of the global layer read @global/<path>: (file: @global/hiera.yaml), @global/data/common.yaml
#   catalog - the compiled catalog's resources exactly as tests/conformance/catalog_oracle.rb prints
#             `resources` (null on error)
#
# How a case is compiled - the way `puppet apply -e SRC` compiles it, with the environment
# `production` made of the case's files:
#   * the files are written to a fresh directory <tmp>/cases/<n>/production/ (the environment dir);
#   * modulepath = [<envdir>/modules, <tmp>/stdlibmods] where <tmp>/stdlibmods/stdlib is a symlink to
#     Debian's puppetlabs-stdlib 8.5.0, so the workspace's own modules come first;
#   * the main code: `src` is written to <envdir>/snippet.pp and used as the environment's manifest
#     (what `puppet apply` does with the code; the file only gives errors the name snippet.pp).
#     Like `puppet apply -e`, a non-empty src makes Puppet ignore the environment's manifests/
#     directory. An empty (or absent) src is `puppet apply -e ''`: Puppet then compiles the
#     environment's manifests/ directory (every **/*.pp in it, in sorted order).
#   * Hiera: environment layer = <envdir>/hiera.yaml, module layer = modules/<m>/hiera.yaml (Puppet 7 has
#     no environment (module) layer at all when the environment (module) has no hiera.yaml: its data/ is
#     then ignored). Global layer: when the case has `global_hiera` or `global_data`, the setting
#     hiera_config is <tmp>/cases/<n>/global/hiera.yaml (the `global_hiera` text, when given; without it
#     the file does not exist and Puppet uses its default global config: version 5, datadir data,
#     one level "Common" path common.yaml) and the `global_data` files are written under
#     <tmp>/cases/<n>/global/ (so "data/common.yaml" is the default config's data file). Without
#     either field, hiera_config is <tmp>/conf/hiera.yaml, which does not exist (as env_oracle.rb);
#   * the node is named `playground`; $trusted = {authenticated => 'local', certname => 'playground',
#     extensions => <trusted_extensions or {}>, hostname => 'playground', domain => undef, external => {}};
#     its facts are the case's `facts`, exactly (no clientcert/clientversion/clientnoop are added);
#   * Puppet 8 defaults: strict = error, strict_variables = true;
#   * the whole compile runs as Puppet::Parser::Compiler#compile (main, node definitions, generators,
#     catalog validation, finish), as the compile of `puppet apply` does.
#
# Usage: ruby tests/conformance/hiera_oracle.rb < cases.jsonl > expected.jsonl
#        (python3 tests/conformance/env_regen.py --dir hiera runs it on tests/conformance/hiera/*.txt)
# Env:   ENV_ORACLE_TIMEOUT  per-case timeout in seconds (default 60)
#        ENV_ORACLE_TMP      scratch directory (default /tmp/hieraoracle.<pid>, removed at exit)
#        ENV_ORACLE_STDLIB   the stdlib module directory
#                            (default /usr/share/puppet/modules.available/puppetlabs-stdlib)
#        ENV_ORACLE_KEEP     when set, the scratch directory is kept

require 'json'
require 'timeout'
require 'fileutils'

TMP = ENV['ENV_ORACLE_TMP'] || "/tmp/hieraoracle.#{Process.pid}"
STDLIB = ENV['ENV_ORACLE_STDLIB'] || '/usr/share/puppet/modules.available/puppetlabs-stdlib'
CASE_TIMEOUT = (ENV['ENV_ORACLE_TIMEOUT'] || '60').to_f
NODE_NAME = 'playground'
SNIPPET = 'snippet.pp'
ANSI_RE = /\e\[[0-9;]*[A-Za-z]/.freeze
RUBY_ADDR_RE = /(#<[A-Za-z_][\w:]*):0x\h+/.freeze
STDLIB_MODS = File.join(TMP, 'stdlibmods')
NO_GLOBAL_HIERA = File.join(TMP, 'conf', 'hiera.yaml') # never written: no global hiera.yaml
CASES_DIR = File.join(TMP, 'cases')

abort "hiera_oracle: stdlib not found at #{STDLIB}" unless File.directory?(STDLIB)
%w[conf var code code/environments code/modules run log cases stdlibmods].each { |d| FileUtils.mkdir_p(File.join(TMP, d)) }
FileUtils.ln_sf(STDLIB, File.join(STDLIB_MODS, 'stdlib'))
at_exit { FileUtils.rm_rf(TMP) } unless ENV['ENV_ORACLE_TMP'] || ENV['ENV_ORACLE_KEEP']

require 'puppet'

Puppet.initialize_settings([
  '--confdir',        "#{TMP}/conf",
  '--vardir',         "#{TMP}/var",
  '--codedir',        "#{TMP}/code",
  '--rundir',         "#{TMP}/run",
  '--logdir',         "#{TMP}/log",
  '--environmentpath', "#{TMP}/code/environments",
  '--basemodulepath', STDLIB_MODS,
  '--hiera_config',   "#{TMP}/conf/hiera.yaml",
])
Puppet[:strict_variables] = true
Puppet[:strict] = :error

# ---------------------------------------------------------------------------
# Log capture (as in pp_oracle.rb)
class OracleLogSink
  attr_reader :messages
  def initialize
    @messages = []
  end
end

Puppet::Util::Log.newdesttype :oracle_sink do
  match 'OracleLogSink'

  def initialize(sink)
    @sink = sink
  end

  def handle(msg)
    @sink.messages << msg
  end
end

SINK = OracleLogSink.new
Puppet::Util::Log.close_all
Puppet::Util::Log.instance_variable_set(:@queued, [])
Puppet::Util::Log.newdestination(SINK)
Puppet::Util::Log.level = :debug

# Paths of the scratch directory are replaced by what a reader of the workspace would write:
# the environment directory by nothing (paths relative to it), the stdlib module by modules/stdlib.
def relativize(str, envdir)
  s = str
  if $current_globaldir
    s = s.gsub("#{$current_globaldir}/", '@global/')
    s = s.gsub($current_globaldir, '@global')
  end
  if envdir
    s = s.gsub("#{envdir}/", '')
    s = s.gsub(envdir, '.')
  end
  s = s.gsub("#{STDLIB_MODS}/stdlib/", 'modules/stdlib/')
  s = s.gsub("#{STDLIB}/", 'modules/stdlib/')
  s.gsub(TMP, '<tmp>')
end

def clean(str, envdir = $current_envdir)
  s = str.to_s.dup
  s = s.force_encoding(Encoding::UTF_8) unless s.encoding == Encoding::UTF_8
  s = s.scrub('?') unless s.valid_encoding?
  relativize(s.gsub(ANSI_RE, '').gsub(RUBY_ADDR_RE, '\\1'), envdir)
end

NOISE_SOURCES = %w[Facter].freeze
NOISE_RE = /\AFacter:/.freeze
# Puppet's own chatter that it logs through the scope (so it looks like a logging function's)
CHATTER_RE = /\ARetrieving (?:epp )?template /.freeze
LOUD_LEVELS = %i[notice warning err alert emerg crit].freeze

# What the program logged (logging functions log with a Scope(...) source) at any level, and
# what Puppet logged at notice and above. Puppet's own debug/info chatter (autoloading, ...) is
# left out: it says how Puppet works inside, not what the program does.
def format_logs(msgs)
  msgs.reject { |m| NOISE_SOURCES.include?(m.source.to_s) || m.message.to_s =~ NOISE_RE }
      .select { |m| LOUD_LEVELS.include?(m.level) || m.source.to_s.start_with?('Scope(') }
      .reject { |m| !LOUD_LEVELS.include?(m.level) && m.message.to_s =~ CHATTER_RE }
      .map { |m| "#{m.level}: #{clean(m.message)}" }
end

def first_line(msg)
  lines = clean(msg).split("\n").map(&:rstrip).reject(&:empty?)
  lines.first || ''
end

def error_message(e)
  msg = e.message.to_s
  msg = e.class.name if msg.empty?
  first_line(msg)
end

# The parameters of one catalog resource as [name, %p], without the namevar when it is the title
# (tests/conformance/catalog_oracle.rb's parameters_of).
def parameters_of(resource)
  key_attributes =
    if resource.type.to_s.casecmp?('class') || resource.resource_type.is_a?(Puppet::Resource::Type)
      [:name]
    else
      Puppet::Type.type(resource.type.to_s.downcase)&.key_attributes || [:name]
    end
  resource.to_hash.filter_map do |name, value|
    next if key_attributes.include?(name.to_sym) && value.to_s == resource.title.to_s
    [name.to_s, clean(Puppet::Pops::Types::StringConverter.convert(value, '%p'))]
  end
end

AUTOMATIC = ['Stage[main]', 'Class[Settings]', 'Class[main]'].freeze

# ---------------------------------------------------------------------------
# The environment of one case

def write_files(envdir, files)
  raise ArgumentError, "#{SNIPPET} is reserved for the main code" if files.key?(SNIPPET)
  files.each do |rel, text|
    raise ArgumentError, "bad file name #{rel.inspect}" if rel.start_with?('/') || rel.split('/').include?('..') || rel.empty?
    path = File.join(envdir, rel)
    FileUtils.mkdir_p(File.dirname(path))
    File.write(path, text.to_s)
  end
end

# ---------------------------------------------------------------------------
# Compilation of one case

def compile_case(n, c)
  SINK.messages.clear
  Puppet.clear_deprecation_warnings
  Puppet::Util::Warnings.clear_warnings
  out = { 'value' => nil, 'logs' => [], 'error' => nil, 'catalog' => nil }

  envdir = File.join(CASES_DIR, n.to_s, 'production')
  $current_envdir = envdir
  FileUtils.rm_rf(File.dirname(envdir))
  FileUtils.mkdir_p(envdir)
  write_files(envdir, c['files'] || {})
  if c.key?('global_hiera') || c.key?('global_data')
    globaldir = File.join(CASES_DIR, n.to_s, 'global')
    $current_globaldir = globaldir
    FileUtils.mkdir_p(globaldir)
    write_files(globaldir, c['global_data'] || {})
    File.write(File.join(globaldir, 'hiera.yaml'), c['global_hiera'].to_s) if c.key?('global_hiera')
    Puppet[:hiera_config] = File.join(globaldir, 'hiera.yaml')
  else
    $current_globaldir = nil
    Puppet[:hiera_config] = NO_GLOBAL_HIERA
  end
  extensions = JSON.parse(JSON.generate(c['trusted_extensions'] || {}))
  src = c['src'].to_s
  if src.empty?
    manifest = File.join(envdir, 'manifests')
  else
    manifest = File.join(envdir, SNIPPET)
    File.write(manifest, src)
  end
  env = Puppet::Node::Environment.create(:production, [File.join(envdir, 'modules'), STDLIB_MODS], manifest)
  facts = JSON.parse(JSON.generate(c['facts'] || {}))
  node = Puppet::Node.new(NODE_NAME, environment: env)
  node.fact_merge(Puppet::Node::Facts.new(NODE_NAME, facts))
  node.trusted_data = Puppet::Context::TrustedInformation.new('local', NODE_NAME, extensions, {}).to_h

  captured = {}
  begin
    Puppet.override({ current_environment: env,
                      environments: Puppet::Environments::StaticDirectory.new(:production, envdir, env) },
                    'hiera_oracle case') do
      compiler = Puppet::Parser::Compiler.new(node)
      Timeout.timeout(CASE_TIMEOUT) do
        Puppet.override(compiler.context_overrides, 'hiera_oracle parse') do
          # Parse the main manifest now (the compile would do it first thing) to hook the
          # evaluation of main's code: its value is the value of the program's last expression.
          main = env.known_resource_types.find_hostclass('')
          code = main&.code
          if code
            code.define_singleton_method(:evaluate) do |scope|
              r = super(scope)
              captured[:value] = r
              r
            end
          end
        end
        compiler.compile
        if captured.key?(:value)
          out['value'] = clean(Puppet::Pops::Types::StringConverter.convert(captured[:value], '%p'))
        end
        out['catalog'] = compiler.catalog.resources
                                 .reject { |r| r.virtual? || AUTOMATIC.include?(r.ref) }
                                 .map { |r| [clean(r.ref), parameters_of(r)] }
      end
    end
  rescue Timeout::Error
    out['error'] = "Oracle timeout after #{CASE_TIMEOUT} seconds"
  rescue SystemStackError => e
    out['error'] = first_line("SystemStackError: #{e.message}")
  rescue Interrupt, SignalException
    raise
  rescue Exception => e # rubocop:disable Lint/RescueException
    out['error'] = error_message(e)
  end
  unless out['error'].nil?
    out['value'] = nil
    out['catalog'] = nil
  end
  out['logs'] = format_logs(SINK.messages)
  SINK.messages.clear
  FileUtils.rm_rf(File.dirname(envdir)) unless ENV['ENV_ORACLE_KEEP']
  $current_envdir = nil
  $current_globaldir = nil
  out
end

# ---------------------------------------------------------------------------
$stdout.sync = true
started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
count = 0
$stdin.each_line do |line|
  next if line.strip.empty?
  c = JSON.parse(line)
  count += 1
  r = compile_case(count, c)
  $stdout.puts JSON.generate({ 'id' => c['id'] }.merge(r))
end
$stdout.flush
elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
$stderr.puts format('hiera_oracle: %d cases in %.2fs (Puppet %s)', count, elapsed, Puppet.version)
