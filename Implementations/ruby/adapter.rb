# frozen_string_literal: true
#
# AFSerialization conformance adapter: Ruby 3.1's standard library and Rack 2.2 behind the eval
# protocol 1.1 (VECTORS.md §5). Run from the repository root:
#
#     conformance run --implementation 'ruby Implementations/ruby/adapter.rb'
#
#   percent-escape   ERB::Util.url_encode (RFC 3986) / Rack::Utils.escape (form)
#   query-string     Rack::Utils.build_nested_query
#   multipart-parse  Rack::Multipart.parse_multipart(env)
#   media-type       Rack::MediaType.type / Rack::MediaType.params
#   content-decode   Zlib::GzipReader.zcat (gzip, x-gzip), Zlib::Inflate (deflate)
#   anything else    unsupported
#
# Every mapping and projection is documented in README.md next to this file. Stdout carries
# replies only; logs go to stderr.

require 'erb'
require 'stringio'
require 'zlib'
require 'rack'
require 'rack/multipart'
require 'rack/media_type'
require_relative '../ruby-common/afs_protocol'

module Adapter
  include AFSProtocol # Unsupported, HarnessError, LibraryError, Tree

  DEFAULT_MAX_MULTIPART_PARTS = 10_000 # VECTORS.md §3.6 default, handed to Rack's part limits

  # ------------------------------------------------------------ percent-escape

  def self.percent_escape(input, options)
    raise Unsupported, 'ERB::Util.url_encode / Rack::Utils.escape do not escape in batches (reportBatches)' if options['reportBatches']
    raise Unsupported, 'ERB::Util.url_encode / Rack::Utils.escape have no batch size (batchSize)' unless options['batchSize'].nil?

    family = AFSProtocol.escape_family(options)
    raise Unsupported, 'UTF-16 code units would be converted by the adapter, not the library' if input.key?('utf16')

    s = if input['text'].is_a?(String) then input['text']
        elsif input.key?('hex') then AFSProtocol.bytes_of({ 'hex' => input['hex'] }, 'input.hex') # raw bytes, as they are
        else raise HarnessError, 'input: give exactly one of "text", "utf16" or "hex"'
        end
    { 'text' => family == :rfc3986 ? ERB::Util.url_encode(s) : Rack::Utils.escape(s) }
  end

  # ------------------------------------------------------------ query-string

  def self.query_string(input, options)
    options.each do |k, v|
      next if v.nil? || %w[style arrayStyle boolStyle].include?(k)

      raise Unsupported, "Rack::Utils.build_nested_query has no counterpart of option #{k}"
    end
    raise HarnessError, 'input.parameters: required field is missing' unless input.key?('parameters')

    AFSProtocol.escape_family(options) # validates the style; Rack's escaper is Rack::Utils.escape whatever the style (README)
    tree = Tree.new(false, false)
    value = AFSProtocol.ruby_value(input['parameters'], 'input.parameters', tree, 'Rack')
    array_style = options['arrayStyle'] || 'brackets'
    if tree.list && array_style != 'brackets'
      raise Unsupported, "build_nested_query writes list items as name[] (brackets), not arrayStyle #{array_style}"
    end
    bool_style = options['boolStyle'] || 'numeric'
    if tree.bool && bool_style != 'literal'
      raise Unsupported, "build_nested_query writes booleans as true/false (literal), not boolStyle #{bool_style}"
    end
    begin
      { 'text' => Rack::Utils.build_nested_query(value) }
    rescue ArgumentError => e
      raise LibraryError.new('rack', "#{e.class}: #{e.message}")
    end
  end

  # ------------------------------------------------------------ multipart-parse

  # rack.input that hands the parser at most the next chunk size per read (Rack SPEC: read(length)
  # reads *at most* length bytes), cycling through chunkSizes.
  class ChunkedInput
    def initialize(bytes, sizes)
      @io = StringIO.new(bytes)
      @sizes = sizes
      @i = 0
    end

    def read(length = nil, outbuf = nil)
      if length && !@sizes.empty?
        length = [length, @sizes[@i % @sizes.size]].min
        @i += 1
      end
      @io.read(length, outbuf)
    end

    def gets
      @io.gets
    end

    def each(&block)
      @io.each(&block)
    end

    def rewind
      @i = 0
      @io.rewind
    end
  end

  # The Content-Type a client sends for this boundary: a token as is, anything else quoted.
  def self.content_type(boundary)
    if !boundary.empty? && boundary.match?(/\A[!#$%&'*+\-.^_`|~0-9A-Za-z]+\z/)
      "multipart/form-data; boundary=#{boundary}"
    elsif boundary.match?(/["\\\r\n]/)
      raise Unsupported, 'a boundary that cannot be written as a quoted Content-Type parameter'
    else
      "multipart/form-data; boundary=\"#{boundary}\""
    end
  end

  def self.with_part_limits(limit)
    saved = [Rack::Utils.multipart_total_part_limit, Rack::Utils.multipart_file_limit]
    Rack::Utils.multipart_total_part_limit = limit
    Rack::Utils.multipart_file_limit = limit
    yield
  ensure
    Rack::Utils.multipart_total_part_limit, Rack::Utils.multipart_file_limit = saved
  end

  # Rack's params back into parts: name[key] for nested hashes, name[] for arrays (the names
  # Rack::Utils parsed them from), an uploaded-file hash as a file part.
  def self.parts_of(value, name, out)
    case value
    when Hash
      if value.key?(:tempfile)
        file = value[:tempfile]
        file.rewind
        out << { 'name' => AFSProtocol.text_value(name), 'filename' => AFSProtocol.text_value(value[:filename]),
                 'contentType' => AFSProtocol.text_value(value[:type]), 'body' => AFSProtocol.bytes_value(file.read.b) }
      else
        value.each { |k, v| parts_of(v, name.nil? ? k : "#{name}[#{k}]", out) }
      end
    when Array
      value.each { |v| parts_of(v, "#{name}[]", out) }
    else
      out << { 'name' => AFSProtocol.text_value(name), 'filename' => nil, 'contentType' => nil, 'body' => AFSProtocol.bytes_value(value.to_s.b) }
    end
  end

  def self.multipart_parse(input, options)
    raise HarnessError, 'input.boundary: required field is missing' if input['boundary'].nil?
    raise HarnessError, 'input.body: required field is missing' if input['body'].nil?
    raise HarnessError, 'input.boundary: expected a string' unless input['boundary'].is_a?(String)

    body = AFSProtocol.bytes_of(input['body'], 'input.body')
    sizes = []
    limit = DEFAULT_MAX_MULTIPART_PARTS
    options.each do |k, v|
      next if v.nil?

      case k
      when 'chunkSizes'
        raise HarnessError, 'options.chunkSizes: chunk sizes must be integers ≥ 1' unless v.is_a?(Array) && v.all? { |n| n.is_a?(Integer) && n >= 1 }

        sizes = v
      when 'maxMultipartParts'
        raise HarnessError, 'options.maxMultipartParts: expected an integer' unless v.is_a?(Integer)
        raise Unsupported, 'Rack reads a part limit ≤ 0 as "no limit"' if v < 1

        limit = v
      when 'maxMultipartBytes'
        raise Unsupported, 'Rack fixes its byte limit at load time (RACK_MULTIPART_PARSER_BYTESIZE_LIMIT), not per request'
      when 'maxPartHeaderBytes'
        raise Unsupported, 'Rack fixes its part header limit (64 KiB, a private constant)'
      when 'allowUTF8Headers'
        raise HarnessError, 'options.allowUTF8Headers: expected a bool' unless [true, false].include?(v)
        # Rack reads header bytes as they are, always (README)
      else
        raise HarnessError, "options.#{k}: unknown field; expected one of chunkSizes, maxMultipartParts, maxPartHeaderBytes, maxMultipartBytes, allowUTF8Headers"
      end
    end
    env = {
      'REQUEST_METHOD' => 'POST',
      'CONTENT_TYPE' => content_type(input['boundary']),
      'CONTENT_LENGTH' => body.bytesize.to_s,
      'rack.input' => ChunkedInput.new(body, sizes)
    }
    begin
      params = with_part_limits(limit) { Rack::Multipart.parse_multipart(env) }
      out = []
      parts_of(params, nil, out) if params
      { 'parts' => out }
    rescue EOFError, Rack::Multipart::MultipartPartLimitError, Rack::Multipart::MultipartTotalPartLimitError,
           Rack::QueryParser::ParameterTypeError, Rack::QueryParser::InvalidParameterError,
           Rack::QueryParser::ParamsTooDeepError => e
      # Rack's documented rejections of a body (EOFError "bad content body", the part limits, the
      # parameter errors of Rack::QueryParser)
      raise LibraryError.new('rack', "#{e.class}: #{e.message}")
    ensure
      (env[Rack::RACK_TEMPFILES] || []).each { |f| f.close! rescue nil } # rubocop:disable Style/RescueModifier
    end
  end

  # ------------------------------------------------------------ media-type

  def self.media_type(input, _options)
    ct = input['contentType']
    raise HarnessError, 'input.contentType: expected a string' unless ct.nil? || ct.is_a?(String)

    { 'mimeType' => Rack::MediaType.type(ct&.dup), 'parameters' => Rack::MediaType.params(ct&.dup).map { |k, v| [k, v] } }
  end

  # ------------------------------------------------------------ content-decode

  # An input for Zlib::GzipReader that yields at most the next chunk size per read.
  class ChunkedString < StringIO
    def initialize(bytes, sizes)
      super(bytes)
      @sizes = sizes
      @i = 0
    end

    def read(length = nil, outbuf = nil)
      if length && !@sizes.empty?
        length = [length, @sizes[@i % @sizes.size]].min
        @i += 1
      end
      super(length, outbuf)
    end

    def readpartial(length, outbuf = nil)
      r = read(length, outbuf)
      raise EOFError, 'end of file reached' if r.nil?

      r
    end
  end

  # RFC 9110 §5.6.1 list: elements split at commas, OWS trimmed, empty elements dropped.
  def self.coding_list(header)
    return [] if header.nil?

    header.split(',', -1).map { |e| e.gsub(/\A[ \t]+|[ \t]+\z/, '') }.reject(&:empty?).map(&:downcase)
  end

  def self.decode_layer(coding, data, sizes)
    case coding
    when 'identity'
      data
    when 'gzip', 'x-gzip'
      Zlib::GzipReader.zcat(ChunkedString.new(data, sizes)).b
    when 'deflate'
      return Zlib::Inflate.inflate(data).b if sizes.empty?

      z = Zlib::Inflate.new
      begin
        out = +''.b
        pos = 0
        i = 0
        while pos < data.bytesize
          n = sizes[i % sizes.size]
          out << z.inflate(data.byteslice(pos, n))
          pos += n
          i += 1
        end
        # #finish raises unless the stream ended; what it returns is the input left after the end
        # of the stream (the reference manual: "the garbage that followed the compressed data")
        z.finish
        out
      ensure
        z.close
      end
    else
      raise Unsupported, "Ruby's Zlib has no decoder for the content coding \"#{coding}\""
    end
  end

  def self.content_decode(input, options)
    raise HarnessError, 'input.body: required field is missing' if input['body'].nil?

    body = AFSProtocol.bytes_of(input['body'], 'input.body')
    ce = input['contentEncoding']
    raise HarnessError, 'input.contentEncoding: expected a string' unless ce.nil? || ce.is_a?(String)

    sizes = options['chunkSizes'] || []
    raise HarnessError, 'options.chunkSizes: chunk sizes must be positive' unless sizes.is_a?(Array) && sizes.all? { |n| n.is_a?(Integer) && n >= 1 }
    raise Unsupported, "Ruby's Zlib has no output limit (maxDecodedSize)" unless options['maxDecodedSize'].nil?

    codings = coding_list(ce).reverse # undone last-applied first
    codings.each { |c| raise Unsupported, "Ruby's Zlib has no decoder for the content coding \"#{c}\"" unless %w[identity gzip x-gzip deflate].include?(c) }
    data = body
    codings.each_with_index do |c, i|
      # the outermost layer reads the body in the vector's chunks; inner layers read what it produced
      data = decode_layer(c, data, i.zero? ? sizes : [])
    rescue Zlib::Error => e
      raise LibraryError.new('zlib', "#{e.class}: #{e.message}")
    end
    { 'body' => AFSProtocol.bytes_value(data) }
  end

  # ------------------------------------------------------------ protocol

  COMPONENTS = {
    'percent-escape' => method(:percent_escape),
    'query-string' => method(:query_string),
    'multipart-parse' => method(:multipart_parse),
    'media-type' => method(:media_type),
    'content-decode' => method(:content_decode)
  }.freeze

  HELLO = AFSProtocol.hello(
    'ruby', "Ruby #{RUBY_VERSION}, Rack #{Rack.release}, zlib #{Zlib::ZLIB_VERSION}, erb #{ERB.version}",
    {
      'components' => {
        'percent-escape' => ['af4'],
        'query-string' => ['af4'],
        'multipart-parse' => ['af4'],
        'media-type' => ['af4'],
        'content-decode' => ['af4']
      },
      'omits' => {
        'query-string' => ['pairs', 'error.*'],
        'multipart-parse' => ['parts[].headers', 'error.*'],
        'content-decode' => ['error.*']
      }
    }
  )
end

AFSProtocol.serve(Adapter::HELLO, Adapter::COMPONENTS) if $PROGRAM_NAME == __FILE__
