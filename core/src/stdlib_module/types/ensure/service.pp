# A service's ensure.
type Stdlib::Ensure::Service = Enum['stopped', 'running']
