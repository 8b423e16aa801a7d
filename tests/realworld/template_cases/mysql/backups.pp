# facts: debian
# The server with a root password (root's .my.cnf) and the mysqldump backup script.
class { 'mysql::server':
  root_password => 'strongpassword',
}
class { 'mysql::server::backup':
  backupuser        => 'backup',
  backuppassword    => 'secret',
  backupdir         => '/var/backups/mysql',
  backupdatabases   => ['app', 'wiki'],
  file_per_database => true,
  include_routines  => true,
  include_triggers  => true,
  postscript        => ['rsync -a /var/backups/mysql backup.example.com:/mysql', 'echo done'],
  prescript         => 'echo start',
  optional_args     => ['--single-transaction'],
}
