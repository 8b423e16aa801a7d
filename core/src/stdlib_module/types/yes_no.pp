# "yes" or "no", in any case.
type Stdlib::Yes_no = Pattern[/\A(?i:no|yes)\z/]
