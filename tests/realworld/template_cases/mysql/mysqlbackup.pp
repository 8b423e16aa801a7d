# facts: debian
# MySQL Enterprise Backup's configuration (meb.cnf).
class { 'mysql::server':
  root_password => 'strongpassword',
}
class { 'mysql::server::backup':
  provider       => 'mysqlbackup',
  backupuser     => 'backup',
  backuppassword => 'secret',
  backupdir      => '/var/backups/meb',
  backupcompress => true,
}
