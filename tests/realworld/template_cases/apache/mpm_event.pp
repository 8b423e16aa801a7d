# facts: debian
# The event MPM (the default MPM of apache's class is replaced).
class { 'apache': mpm_module => false }
class { 'apache::mod::event':
  maxrequestworkers      => 300,
  maxconnectionsperchild => 1000,
}
