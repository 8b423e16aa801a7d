# The ensure value a resource type takes for "present" or "absent" (true or false): a package is
# installed, a service running, a file, directory, link or mount the resource's own word.
function stdlib::ensure(
  Variant[Boolean, Enum['present', 'absent']] $ensure,
  Enum['directory', 'link', 'mounted', 'service', 'file', 'package'] $resource,
) >> String {
  $wanted = $ensure ? {
    Boolean => $ensure,
    default => $ensure == 'present',
  }
  case $resource {
    'package': { if $wanted { 'installed' } else { 'absent' } }
    'service': { if $wanted { 'running' } else { 'stopped' } }
    default: { if $wanted { $resource } else { 'absent' } }
  }
}
