# facts: debian
# The peruser MPM with its multiplexers and processors.
class { 'apache': mpm_module => false }
class { 'apache::mod::peruser': }
apache::peruser::processor { 'app': user => 'app', group => 'app' }
