#!/usr/bin/env perl
# Small fuzzing seeds from real .svga files (scripts/fuzz.sh). libFuzzer's cost per input grows
# with its size (it copies, hashes and mutates the whole input, and our decoder inflates and
# walks all of it), and the corpus holds 3 MB movies whose bulk is PNG data only the PNG decoder
# looks into: as seeds they held the decode, protobuf and json targets to tens of executions
# per second. These reductions keep every structure the target parses and drop only bulk:
#
#   fuzz-seed.pl pb FILE     the inflated MovieEntity (2.x stream or ZIP movie.binary), each
#                            `images` value cut to its first 1 KiB (the magic bytes and header
#                            the resolver sniffs are in the first few hundred bytes) and every
#                            sprite's frames to the first 12 (params.frames to match), the
#                            sprites to the first 24
#   fuzz-seed.pl svga FILE   the same movie zlib-compressed again: a 2.x file (2.x input only)
#   fuzz-seed.pl spec FILE   a ZIP's movie.spec cut the same way: every member kept, fewer
#                            repeats
#   fuzz-seed.pl zip FILE    a ZIP rebuilt with its movie.spec / movie.binary cut so and every
#                            other entry (the images) cut to its first 1 KiB
#
#   fuzz-seed.pl --whole-images svga|zip FILE   the same with the images kept whole (for
#                            rendering, which decodes them)
#
# Writes the seed to stdout; exits 1 (writing nothing) when FILE has no such part. Only core
# Perl modules (Compress::Zlib, IO::Compress::Zip, IO::Uncompress::Unzip, JSON::PP).
use strict;
use warnings;
use Compress::Zlib;
use IO::Compress::Zip;
use IO::Uncompress::Unzip qw(unzip $UnzipError);
use JSON::PP;

# --whole-images: images kept whole (for rendering, which decodes them).
my $whole_images = @ARGV && $ARGV[0] eq '--whole-images' ? shift @ARGV : undef;
my ($mode, $file) = @ARGV;
open my $fh, '<:raw', $file or exit 1;
my $data = do { local $/; <$fh> };
binmode STDOUT;

sub varint {
    my ($buf, $pos) = @_;
    my ($value, $shift) = (0, 0);
    while (1) {
        die "truncated varint\n" if $$pos >= length $$buf;
        my $b = ord substr($$buf, $$pos++, 1);
        $value |= ($b & 0x7F) << $shift;
        return $value unless $b & 0x80;
        $shift += 7;
        die "varint too long\n" if $shift > 63;
    }
}

sub put_varint {
    my $v = shift;
    my $out = '';
    while ($v >= 0x80) { $out .= chr(($v & 0x7F) | 0x80); $v >>= 7 }
    return $out . chr($v);
}

# Rewrites a message field by field through $edit: a length-delimited field as
# $edit->(number, body), which returns the new body or undef to drop the field; a varint as
# $edit->(-number, value), which returns a new value or undef to keep it; fixed-width fields
# are copied as they are.
sub rewrite {
    my ($msg, $edit) = @_;
    my ($pos, $out) = (0, '');
    while ($pos < length $msg) {
        my $start = $pos;
        my $tag = varint(\$msg, \$pos);
        my $wire = $tag & 7;
        if ($wire == 2) {
            my $len = varint(\$msg, \$pos);
            die "field past the end\n" if $pos + $len > length $msg;
            my $body = $edit->($tag >> 3, substr($msg, $pos, $len));
            $pos += $len;
            $out .= put_varint($tag) . put_varint(length $body) . $body if defined $body;
        } elsif ($wire == 0) {
            my $value = varint(\$msg, \$pos);
            my $new = $edit->(-($tag >> 3), $value);
            $out .= defined $new ? put_varint($tag) . put_varint($new) : substr($msg, $start, $pos - $start);
        } elsif ($wire == 1 || $wire == 5) {
            $pos += $wire == 1 ? 8 : 4;
            $out .= substr($msg, $start, $pos - $start);
        } else {
            die "wire type $wire\n";
        }
    }
    return $out;
}

my $keep_frames = 12;
my $keep_sprites = 24;

# MovieEntity (svga.proto): 2 params (4 frames), 3 images map<string, bytes> (entry: 1 key,
# 2 value), 4 sprites (SpriteEntity: 2 frames).
sub reduce_movie {
    my $movie = shift;
    my $sprites = 0;
    return rewrite($movie, sub {
        my ($field, $body) = @_;
        return undef if $field < 0;   # a varint: kept
        if ($field == 2) {
            return rewrite($body, sub { my ($f, $v) = @_; $f == -4 && $v > $keep_frames ? $keep_frames : ($f < 0 ? undef : $v) });
        }
        if ($field == 3) {
            return $body if $whole_images;
            return rewrite($body, sub { my ($f, $v) = @_; $f == 2 ? substr($v, 0, 1024) : ($f < 0 ? undef : $v) });
        }
        if ($field == 4) {
            return undef if ++$sprites > $keep_sprites;
            my $n = 0;
            return rewrite($body, sub { my ($f, $v) = @_; $f == 2 ? (++$n <= $keep_frames ? $v : undef) : ($f < 0 ? undef : $v) });
        }
        return $body;
    });
}

sub movie_entity {
    my $out;
    if (substr($data, 0, 2) eq "PK") {
        unzip(\$data => \$out, Name => 'movie.binary') or exit 1;
    } else {
        $out = uncompress($data);
        defined $out or exit 1;
    }
    return $out;
}

# movie.spec (1.x JSON) cut the same way; text that is not such JSON (a hostile or damaged
# file) is its own seed.
sub reduce_spec {
    my $text = shift;
    my $json = eval { JSON::PP->new->decode($text) };
    return $text unless ref $json eq 'HASH';
    if (ref $json->{sprites} eq 'ARRAY') {
        splice @{ $json->{sprites} }, $keep_sprites if @{ $json->{sprites} } > $keep_sprites;
        for my $sprite (@{ $json->{sprites} }) {
            next unless ref $sprite eq 'HASH' && ref $sprite->{frames} eq 'ARRAY';
            splice @{ $sprite->{frames} }, $keep_frames if @{ $sprite->{frames} } > $keep_frames;
        }
    }
    if (ref $json->{movie} eq 'HASH' && defined $json->{movie}{frames} && $json->{movie}{frames} =~ /^\d+$/) {
        $json->{movie}{frames} = $keep_frames if $json->{movie}{frames} > $keep_frames;
    }
    return JSON::PP->new->canonical->encode($json);
}

if ($mode eq 'pb' || $mode eq 'svga') {
    # A ZIP's movie.binary names its images as files beside it: as a 2.x stream it would not decode.
    exit 1 if $mode eq 'svga' && substr($data, 0, 2) eq "PK";
    my $reduced = eval { reduce_movie(movie_entity()) };
    exit 1 unless defined $reduced;
    print $mode eq 'pb' ? $reduced : compress($reduced, 9);
} elsif ($mode eq 'spec') {
    exit 1 unless substr($data, 0, 2) eq "PK";
    my $text;
    unzip(\$data => \$text, Name => 'movie.spec') or exit 1;
    print reduce_spec($text);
} elsif ($mode eq 'zip') {
    exit 1 unless substr($data, 0, 2) eq "PK";
    my $in = IO::Uncompress::Unzip->new(\$data) or exit 1;
    my @entries;
    for (my $status = 1; $status > 0; $status = $in->nextStream) {
        my $name = $in->getHeaderInfo->{Name};
        my $body = do { local $/; <$in> } // '';
        if ($name eq 'movie.spec') { $body = reduce_spec($body) }
        elsif ($name eq 'movie.binary') { $body = eval { reduce_movie($body) } // $body }
        elsif (!$whole_images) { $body = substr($body, 0, 1024) }
        push @entries, [$name, $body];
    }
    exit 1 unless @entries;
    my $zipped;
    my $out = IO::Compress::Zip->new(\$zipped, Name => $entries[0][0], Minimal => 1) or exit 1;
    for my $i (0 .. $#entries) {
        $out->newStream(Name => $entries[$i][0], Minimal => 1) if $i > 0;
        $out->print($entries[$i][1]);
    }
    $out->close;
    print $zipped;
} else {
    die "usage: fuzz-seed.pl [--whole-images] pb|svga|spec|zip FILE\n";
}
