# facts: debian
# The ITK MPM (it includes prefork on Apache 2.4).
class { 'apache': mpm_module => false }
class { 'apache::mod::itk':
  enablecapabilities => false,
}
