# facts: debian
# A resolver section. Real Puppet refuses it: haproxy::resolver calls stdlib's validate_absolute_path,
# whose deprecation is an error in strict mode, so haproxy_resolver_block.erb is unreachable.
class { 'haproxy': }
haproxy::resolver { 'dns':
  nameservers     => { 'dns1' => '10.0.0.1:53', 'dns2' => '10.0.0.2:53' },
  hold            => { 'nx' => '30s', 'valid' => '10s' },
  resolve_retries => 3,
  timeout         => { 'retry' => '1s' },
}
