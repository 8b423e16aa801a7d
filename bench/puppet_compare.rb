#!/usr/bin/env ruby
# frozen_string_literal: true
#
# puppet_compare.rb - runs the workloads of bench/workloads through real Puppet (in this one warm
# Ruby process, like ../shared/oracle/pp_oracle.rb), through our native engine
# (bench_workloads example) and through the wasm engine in headless Chromium (browser_bench.mjs),
# then prints one table with the times and ratios of this one run (medians).
#
# Usage: ruby bench/puppet_compare.rb   (make bench builds what it needs first)
# Env:   BENCH_PUPPET_RUNS  timed Puppet runs per workload after one warm-up (default 3), each
#                           followed by a batch of the native runs (the sides take turns)
#        BENCH_NATIVE_RUNS  timed native runs in all (default 21)
#        BENCH_PARSE_DIR    manifests to parse (default /usr/share/puppet/modules.available)
#        BENCH_NO_BROWSER=1 skip the wasm column; BENCH_NO_APPLY=1 skip timing `puppet apply -e`
#        BENCH_TARGET_DIR   where the release binaries are (default target/)
#        BENCH_JSON=PATH    also write every figure of the run to PATH as JSON (bench/run_all.py reads it)

require 'json'
require 'fileutils'
require 'open3'

ROOT = File.expand_path('..', __dir__)
WORKLOADS = Dir[File.join(ROOT, 'bench', 'workloads', '*.pp')].sort
PUPPET_RUNS = (ENV['BENCH_PUPPET_RUNS'] || '3').to_i
NATIVE_RUNS = (ENV['BENCH_NATIVE_RUNS'] || '21').to_i
PARSE_DIR = ENV['BENCH_PARSE_DIR'] || '/usr/share/puppet/modules.available'
TARGET = ENV['BENCH_TARGET_DIR'] || File.join(ROOT, 'target')
NATIVE_BIN = File.join(TARGET, 'release', 'examples', 'bench_workloads')
CLI_BIN = File.join(TARGET, 'release', 'puppet-eval')
TMP = "/tmp/puppet_compare.#{Process.pid}"
ROWS = [
  ['reduce_sum', 'Integer[1,200000].reduce sum', 100],
  ['fib', 'fib(20), typed function', 100],
  ['hash_build', '20,000-entry hash with $h + {k => v}', 1000],
  ['tuple_filter', 'filter 50,000 against Tuple[...]', 100],
  ['strings_join', '20,000 interpolated strings joined', 100],
  ['parse', 'parse the puppetlabs manifests', 100],
  ['keystroke_example', 'a 50-line example, evaluated once', nil],
].freeze

def median(values)
  sorted = values.sort
  sorted[sorted.length / 2]
end

def monotonic
  Process.clock_gettime(Process::CLOCK_MONOTONIC)
end

# ---------------------------------------------------------------------------
# Real Puppet, set up as pp_oracle.rb does.
%w[conf var code code/environments code/modules run log].each { |d| FileUtils.mkdir_p(File.join(TMP, d)) }
at_exit { FileUtils.rm_rf(TMP) }
require 'puppet'
Puppet.initialize_settings(['--confdir', "#{TMP}/conf", '--vardir', "#{TMP}/var", '--codedir', "#{TMP}/code",
                            '--rundir', "#{TMP}/run", '--logdir', "#{TMP}/log",
                            '--environmentpath', "#{TMP}/code/environments",
                            '--basemodulepath', "#{TMP}/code/modules", '--hiera_config', "#{TMP}/conf/hiera.yaml"])
Puppet[:strict_variables] = true
Puppet[:strict] = :error
Puppet::Util::Log.close_all
Puppet::Util::Log.level = :err

# One catalog compile of `src` (parse, define, evaluate), returning the value in %p form. `file` is
# absolute: Puppet makes a URI of it for the functions the program defines.
def puppet_compile(src, file)
  env = Puppet::Node::Environment.create(:production, [])
  node = Puppet::Node.new('bench', environment: env)
  Puppet.override({ current_environment: env, environments: Puppet::Environments::Static.new(env) }, 'bench') do
    compiler = Puppet::Parser::Compiler.new(node)
    Puppet.override(compiler.context_overrides, 'bench compile') do
      compiler.send(:set_node_parameters)
      compiler.send(:create_settings_scope)
      compiler.send(:evaluate_main)
      parser = Puppet::Pops::Parser::EvaluatingParser.new
      model = parser.parse_string(src, file)
      bridged = Puppet::Parser::AST::PopsBridge::Program.new(model, file: file)
      env.known_resource_types.import_ast(bridged, '')
      result = parser.evaluate(compiler.topscope, model)
      Puppet::Pops::Types::StringConverter.convert(result, '%p')
    end
  end
end

# Both sides take turns: for each workload, PUPPET_RUNS rounds of one Puppet run (seven for the
# keystroke example) followed by a batch of native runs in a process of their own, so that the two
# see the machine in the same spells (its speed moves by a third within seconds). Puppet's figure
# is the median of its runs, the native one the median of the batches' medians.
NATIVE_BATCH = [(NATIVE_RUNS / PUPPET_RUNS.to_f).ceil, 1].max

def json_lines(cmd)
  out, status = Open3.capture2(*cmd)
  raise "#{cmd.join(' ')} failed" unless status.success?

  out.lines.map { |l| JSON.parse(l) }.to_h { |r| [r['name'], r] }
end

def take_turns(name, native_args, per_round)
  yield # Puppet's warm-up
  puppet_times = []
  batches = Array.new(PUPPET_RUNS) do
    per_round.times { t = monotonic; yield; puppet_times << monotonic - t }
    json_lines([NATIVE_BIN, '--runs', NATIVE_BATCH.to_s, *native_args]).fetch(name)
  end
  [median(puppet_times), batches.last.merge('seconds' => median(batches.map { |b| b['seconds'] }))]
end

puppet = {}
native = {}
WORKLOADS.each do |file|
  name = File.basename(file, '.pp')
  src = File.read(file)
  value = nil
  seconds, native[name] = take_turns(name, [file], name == 'keystroke_example' ? 7 : 1) do
    value = puppet_compile(src, file)
  end
  puppet[name] = { 'seconds' => seconds, 'value' => value }
  warn format('puppet  %-18s %9.4f s  %s', name, seconds, value.to_s[0, 40])
end
parse_files = Dir[File.join(PARSE_DIR, '**', '*.pp')].sort
parse_sources = parse_files.map { |f| File.read(f) }
parse_bytes = parse_sources.sum(&:bytesize)
unless parse_sources.empty?
  seconds, native['parse'] = take_turns('parse', ['--parse', PARSE_DIR], 1) do
    parser = Puppet::Pops::Parser::EvaluatingParser.new
    parse_sources.each_with_index { |s, i| parser.parse_string(s, parse_files[i]) }
  end
  puppet['parse'] = { 'seconds' => seconds, 'bytes' => parse_bytes }
  warn format('puppet  %-18s %9.4f s  (%d files, %.2f MB/s)', 'parse', seconds, parse_files.size,
              parse_bytes / seconds / 1e6)
end

# ---------------------------------------------------------------------------
# Our engine in the browser.
browser = {}
unless ENV['BENCH_NO_BROWSER'] == '1'
  begin
    browser = json_lines(['node', File.join(ROOT, 'bench', 'browser_bench.mjs'), '--parse', PARSE_DIR, *WORKLOADS])
  rescue StandardError => e
    warn "browser benchmark skipped: #{e.message}"
  end
end

# Whole-process start-up: puppet-eval -e '1 + 1' run 50 times by a small shell (forking this big
# Ruby process would cost more than the program itself), median of 5 such loops; puppet apply -e once.
startup = median(Array.new(5) do
  t = monotonic
  system('sh', '-c', "for i in $(seq 50); do '#{CLI_BIN}' -e '1 + 1'; done", out: File::NULL, err: File::NULL)
  (monotonic - t) / 50
end)
apply = nil
unless ENV['BENCH_NO_APPLY'] == '1'
  t = monotonic
  system('puppet', 'apply', '--confdir', "#{TMP}/conf", '--vardir', "#{TMP}/var", '--codedir', "#{TMP}/code",
         '--logdir', "#{TMP}/log", '--rundir', "#{TMP}/run", '-e', 'notice(1 + 1)', out: File::NULL, err: File::NULL)
  apply = monotonic - t
end

# ---------------------------------------------------------------------------
def fmt_time(seconds)
  return '—' if seconds.nil?
  return format('%.2f s', seconds) if seconds >= 1
  return format('%.1f ms', seconds * 1e3) if seconds >= 1e-3

  format('%.0f µs', seconds * 1e6)
end

def fmt_ratio(ratio)
  return '—' if ratio.nil?

  ratio >= 10 ? format('%.0f×', ratio) : format('%.2f×', ratio)
end

puts
puts "Puppet #{Puppet.version} in-process (median of #{PUPPET_RUNS} after a warm-up) vs puppet-core native " \
     "(median of #{PUPPET_RUNS} batches of #{NATIVE_BATCH}, each after a Puppet run) and wasm in headless Chromium; " \
     "one run of #{File.basename(__FILE__)}"
puts
puts '| workload | real Puppet | native | Puppet ÷ native | goal | wasm (Chromium) | wasm ÷ native | page call (wasm + result) |'
puts '|---|---|---|---|---|---|---|---|'
mismatches = []
ROWS.each do |name, label, goal|
  p = puppet.dig(name, 'seconds')
  n = native.dig(name, 'seconds')
  w = browser.dig(name, 'seconds')
  page = browser.dig(name, 'page_seconds')
  if name == 'parse'
    label = format('%s (%d files, %.2f MB)', label, parse_files.size, parse_bytes / 1e6)
    speeds = [p, n, w].map { |s| s && format(' (%.1f MB/s)', parse_bytes / s / 1e6) }
  else
    speeds = ['', '', '']
    pv = puppet.dig(name, 'value')
    mismatches << "#{name}: Puppet #{pv.inspect}, native #{native.dig(name, 'value').inspect}" if pv && pv != native.dig(name, 'value')
  end
  ratio = p && n && p / n
  met = goal && ratio && (ratio >= goal ? ' ✓' : ' ✗')
  puts "| #{label} | #{fmt_time(p)}#{speeds[0]} | #{fmt_time(n)}#{speeds[1]} | #{fmt_ratio(ratio)} | " \
       "#{goal ? "≥ #{goal}×#{met}" : '—'} | #{fmt_time(w)}#{speeds[2]} | #{fmt_ratio(w && n && w / n)} | #{fmt_time(page)} |"
end
keystroke = browser.dig('keystroke_example', 'page_seconds')
puts "| re-evaluate the 50-line example on a keystroke (the page's whole call, goal < 16 ms) | — | — | — | < 16 ms#{keystroke && (keystroke < 0.016 ? ' ✓' : ' ✗')} | — | — | #{fmt_time(keystroke)} |"
puts "| whole process: puppet apply -e vs puppet-eval -e '1 + 1' (goal < 5 ms) | #{fmt_time(apply)} | #{fmt_time(startup)} | #{fmt_ratio(apply && apply / startup)} | < 5 ms#{startup < 0.005 ? ' ✓' : ' ✗'} | — | — | — |"
puts
if ENV['BENCH_JSON']
  File.write(ENV['BENCH_JSON'], JSON.generate({
    'puppet_version' => Puppet.version, 'puppet_runs' => PUPPET_RUNS, 'native_runs' => NATIVE_RUNS,
    'parse_files' => parse_files.size, 'parse_bytes' => parse_bytes,
    'rows' => ROWS.map do |name, label, goal|
      { 'name' => name, 'label' => label, 'goal' => goal, 'puppet' => puppet.dig(name, 'seconds'),
        'native' => native.dig(name, 'seconds'), 'wasm' => browser.dig(name, 'seconds'),
        'page' => browser.dig(name, 'page_seconds') }
    end,
    'startup' => startup, 'apply' => apply, 'mismatches' => mismatches
  }))
end
if mismatches.empty?
  puts 'Every workload gives the same value in real Puppet and in puppet-core.'
else
  puts "VALUES DIFFER:\n  #{mismatches.join("\n  ")}"
  exit 1
end
