# whitespace
class mymod::whitespace {
   notice('three spaces')
	notice('tab')
  notice('trailing')   
  $x = 'a'  # comment with trailing    
  file { '/tmp/x':
    ensure => present,
    owner => 'root',
    group  =>  'root',
    mode      => '0644',
  }
  file { '/tmp/y':
    ensure => present, owner => 'root',
    group => 'root',
  }
  $h = {
    'a' => 1,
    'bbb' => 2,
  }
  $long = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
  $url = 'http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
}
