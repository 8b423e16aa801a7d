# What a file resource's source takes: an absolute path, an http(s) URL, a file:/// URL or a puppet:// URL.
type Stdlib::Filesource = Variant[
  Stdlib::Absolutepath,
  Stdlib::HTTPUrl,
  Pattern[
    /\Afile:\/\/\/[^\/\n\0]+(?:\/[^\/\n\0]+)*\/?\z/,
    /\Apuppet:\/\/(?:[-\w]+(?:\.[-\w]+)*\.?)?\/[^\/\n\0]+(?:\/[^\/\n\0]+)*\/?\z/,
  ],
]
