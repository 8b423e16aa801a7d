function stdlib::ensure(
  Variant[Boolean, Enum['present', 'absent']] $ensure,
  Optional[Enum['directory', 'link', 'mounted', 'service', 'file', 'package']] $resource = undef,
) >> String {
  $wanted = $ensure ? {
    Boolean => $ensure,
    default => $ensure == 'present',
  }
  case $resource {
    undef: { if $wanted { 'present' } else { 'absent' } }
    'package': { if $wanted { 'installed' } else { 'absent' } }
    'service': { if $wanted { 'running' } else { 'stopped' } }
    default: { if $wanted { $resource } else { 'absent' } }
  }
}
