# facts: debian
# The server with a root password (root's .my.cnf; the root user itself unmanaged: its password hash comes
# from a Ruby function of the module) and the mysqldump backup script.
class { 'mysql::server':
  root_password    => 'strongpassword',
  create_root_user => false,
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
  optional_args     => ['--single-transaction'],
}
