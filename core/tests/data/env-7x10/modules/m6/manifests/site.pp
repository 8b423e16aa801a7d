define m6::site(
  Enum['present', 'absent'] $ensure = 'present',
  Array[String] $aliases = [],
) {
  file { "${m6::params::base}/${title}":
    ensure  => $ensure ? { 'present' => 'file', default => 'absent' },
    content => join($aliases, ','),
  }
}
