# facts: debian
# Module configurations switched off by default: authn_dbd, disk_cache, ext_filter, jk's workers and mount
# files, proxy_balancer's manager, proxy_html, nss, the conf.d file for FreeBSD's accept filter.
class { 'apache': }
class { 'apache::mod::authn_dbd':
  authn_dbd_params => 'host=db.example.com port=3306 user=apache password=secret dbname=apacheauth',
  authn_dbd_query  => 'SELECT password FROM authn WHERE user = %s',
  authn_dbd_alias  => 'db_auth',
}
include apache::mod::cache
class { 'apache::mod::disk_cache':
  cache_ignore_headers => 'Set-Cookie',
}
class { 'apache::mod::ext_filter':
  ext_filter_define => {
    'slowdown'       => 'mode=output cmd=/bin/cat preservescontentlength',
    'puppetdb-strip' => 'mode=output outtype=application/json cmd="pdb-resource-filter"',
  },
}
class { 'apache::mod::jk':
  ip                   => '192.168.2.15',
  workers_file         => 'conf/workers.properties',
  mount_file           => '/etc/apache2/uriworkermap.properties',
  workers_file_content => {
    worker_lists    => ['status', 'some_name,other_name'],
    worker_maintain => '60',
    some_name       => { comment => 'Optional comment', type => 'ajp13', socket_keepalive => 'true' },
    other_name      => { type => 'ajp12', socket_keepalive => 'false' },
  },
  mount_file_content   => {
    worker_1 => { uri_list => ['/context_1/*', '/context_1/'], comment => 'Worker 1' },
    worker_2 => { uri_list => ['/context_2/', '/'] },
  },
}
class { 'apache::mod::proxy_balancer':
  manager      => true,
  manager_path => '/balancer',
  allow_from   => ['10.0.0.0/8', '192.168.0.0/16'],
}
include apache::mod::proxy_html
class { 'apache::mod::nss':
  passwd_file => '/etc/apache2/password.conf',
  port        => 8444,
}
include apache::confd::no_accf
