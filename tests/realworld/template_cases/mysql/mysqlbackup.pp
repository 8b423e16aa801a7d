# facts: debian
# MySQL Enterprise Backup's configuration (meb.cnf).
include mysql::server
class { 'mysql::server::backup':
  provider       => 'mysqlbackup',
  backupuser     => 'backup',
  backuppassword => 'secret',
  backupdir      => '/var/backups/meb',
  backupcompress => true,
}
