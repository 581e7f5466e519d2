# frozen_string_literal: true
#
# AFSerialization conformance adapter: Faraday 1.1's parameter encoder (Ruby 3.1) behind the eval
# protocol 1.1 (VECTORS.md §5). Run from the repository root:
#
#     conformance run --implementation 'ruby Implementations/ruby-faraday/adapter.rb'
#
#   query-string     Faraday::NestedParamsEncoder.encode   (Faraday's default params encoder)
#   percent-escape   Faraday::Utils.escape                  (the escaper that encoder uses)
#   anything else    unsupported
#
# Faraday::Utils.default_space_encoding ('+' or '%20') is Faraday's one escaping switch: '%20' for
# the RFC 3986 styles, '+' for whatwgForm (README.md). Stdout carries replies only.

require 'json'
require 'faraday'

$stdout.sync = true

module FaradayAdapter
  class Unsupported < StandardError; end
  class HarnessError < StandardError; end

  class LibraryError < StandardError; end

  def self.bytes_of(hex, path)
    hex = hex.delete(' ')
    raise HarnessError, "#{path}: bad hex" unless hex.length.even? && hex.match?(/\A\h*\z/)

    [hex].pack('H*')
  end

  # Faraday's one escaping switch, per style family (README: "Style mapping").
  def self.with_style(options)
    space = case (style = options['style'] || 'afnetworking')
            when 'afnetworking', 'rfc3986Unreserved' then '%20'
            when 'whatwgForm' then '+'
            else raise HarnessError, "options.style: unknown value \"#{style}\"; expected one of afnetworking, whatwgForm, rfc3986Unreserved"
            end
    saved = Faraday::Utils.default_space_encoding
    Faraday::Utils.default_space_encoding = space
    yield
  ensure
    Faraday::Utils.default_space_encoding = saved
  end

  def self.percent_escape(input, options)
    raise Unsupported, 'Faraday::Utils.escape does not escape in batches (reportBatches)' if options['reportBatches']
    raise Unsupported, 'Faraday::Utils.escape has no batch size (batchSize)' unless options['batchSize'].nil?
    raise Unsupported, 'UTF-16 code units would be converted by the adapter, not the library' if input.key?('utf16')

    s = if input['text'].is_a?(String) then input['text']
        elsif input['hex'].is_a?(String) then bytes_of(input['hex'], 'input.hex')
        else raise HarnessError, 'input: give exactly one of "text", "utf16" or "hex"'
        end
    with_style(options) { { 'text' => Faraday::Utils.escape(s) } }
  end

  # JSON objects keep their members in order; a repeated name is remembered, not merged.
  class OrderedObject < Hash
    attr_reader :repeated

    def []=(key, value)
      @repeated = true if key?(key)
      super
    end
  end

  Tree = Struct.new(:list, :bool)

  def self.ruby_value(value, path, tree)
    case value
    when Hash
      if value.size == 1 && value.keys.first.start_with?('$')
        tag, body = value.first
        case tag
        when '$set' then raise Unsupported, 'Ruby/Faraday have no set type ($set)'
        when '$data'
          raise HarnessError, "#{path}.$data: expected a hex string" unless body.is_a?(String)

          return bytes_of(body, "#{path}.$data")
        when '$double'
          raise HarnessError, "#{path}.$double: expected a string" unless body.is_a?(String)

          return { 'nan' => Float::NAN, 'inf' => Float::INFINITY, '-inf' => -Float::INFINITY }.fetch(body) { Float(body) }
        when '$dict'
          raise HarnessError, "#{path}.$dict: expected an array of pairs" unless body.is_a?(Array)

          out = {}
          body.each_with_index do |pair, i|
            raise HarnessError, "#{path}.$dict[#{i}]: expected [\"key\", value]" unless pair.is_a?(Array) && pair.size == 2 && pair[0].is_a?(String)
            raise Unsupported, 'a Ruby Hash cannot hold a repeated key ($dict)' if out.key?(pair[0])

            out[pair[0]] = ruby_value(pair[1], "#{path}.#{pair[0]}", tree)
          end
          return out
        else raise HarnessError, "#{path}: unknown tag #{tag} (use $dict for such a key)"
        end
      end
      raise Unsupported, 'a Ruby Hash cannot hold a repeated key' if value.is_a?(OrderedObject) && value.repeated

      value.each_with_object({}) { |(k, v), h| h[k] = ruby_value(v, "#{path}.#{k}", tree) }
    when Array
      tree.list = true
      value.each_with_index.map { |v, i| ruby_value(v, "#{path}[#{i}]", tree) }
    when true, false
      tree.bool = true
      value
    else
      value
    end
  end

  def self.query_string(input, options)
    options.each do |k, v|
      next if v.nil? || %w[style arrayStyle boolStyle].include?(k)

      raise Unsupported, "Faraday::NestedParamsEncoder has no counterpart of option #{k}"
    end
    raise HarnessError, 'input.parameters: required field is missing' unless input.key?('parameters')

    tree = Tree.new(false, false)
    value = ruby_value(input['parameters'], 'input.parameters', tree)
    array_style = options['arrayStyle'] || 'brackets'
    raise Unsupported, "NestedParamsEncoder writes list items as name[] (brackets), not arrayStyle #{array_style}" if tree.list && array_style != 'brackets'

    bool_style = options['boolStyle'] || 'numeric'
    raise Unsupported, "NestedParamsEncoder writes booleans as true/false (literal), not boolStyle #{bool_style}" if tree.bool && bool_style != 'literal'

    with_style(options) do
      { 'text' => Faraday::NestedParamsEncoder.encode(value) }
    rescue TypeError => e
      raise LibraryError, "#{e.class}: #{e.message}" # NestedParamsEncoder's documented @raise
    end
  end

  COMPONENTS = { 'percent-escape' => method(:percent_escape), 'query-string' => method(:query_string) }.freeze

  HELLO = {
    'protocol' => '1.1',
    'implementation' => { 'name' => 'ruby-faraday', 'version' => "Faraday #{Faraday::VERSION}, Ruby #{RUBY_VERSION}" },
    'supports' => {
      'components' => { 'percent-escape' => ['af4'], 'query-string' => ['af4'] },
      'omits' => { 'query-string' => ['pairs', 'error.*'] }
    }
  }.freeze

  def self.scrub(str)
    s = str.dup.force_encoding(Encoding::UTF_8)
    s.valid_encoding? ? s : s.scrub
  end

  def self.reply_to(line)
    req = begin
      JSON.parse(line, max_nesting: false, object_class: OrderedObject)
    rescue JSON::ParserError, JSON::NestingError, SystemStackError => e
      id = line[/"id"\s*:\s*("(?:[^"\\]|\\.)*")/, 1]
      id = (JSON.parse(id) rescue nil) if id # rubocop:disable Style/RescueModifier
      if e.is_a?(SystemStackError) || e.is_a?(JSON::NestingError)
        return { 'id' => id, 'unsupported' => "nesting deeper than Ruby's JSON parser reads (#{e.class})" }
      end

      return { 'id' => id, 'harnessError' => "line is not JSON: #{e.message[0, 200]}" }
    end
    return { 'id' => nil, 'harnessError' => 'line is not a JSON object' } unless req.is_a?(Hash)

    id = req['id']
    input = req.key?('input') ? req['input'] : {}
    options = req['options'] || {}
    reply = begin
      raise HarnessError, 'input: expected an object' unless input.is_a?(Hash)
      raise HarnessError, 'options: expected an object' unless options.is_a?(Hash)

      if req['component'] == 'echo'
        { 'id' => id, 'output' => input }
      else
        handler = COMPONENTS[req['component']] or raise Unsupported, "component #{req['component']}"
        { 'id' => id, 'output' => handler.call(input, options) }
      end
    rescue LibraryError => e
      { 'id' => id, 'output' => { 'error' => { 'domain' => 'faraday', 'message' => scrub(e.message) } } }
    rescue Unsupported => e
      { 'id' => id, 'unsupported' => e.message }
    rescue HarnessError => e
      { 'id' => id, 'harnessError' => e.message }
    rescue StandardError, SystemStackError => e
      { 'id' => id, 'output' => { 'error' => { 'domain' => 'ruby', 'message' => scrub("#{e.class}: #{e.message}") } } }
    end
    reply.merge!(HELLO) if id.is_a?(String) && id.start_with?('handshake#')
    reply
  end

  def self.main
    $stdin.binmode
    $stdin.each_line do |line|
      line = line.force_encoding(Encoding::UTF_8)
      next if line.strip.empty?

      reply = reply_to(line)
      out = reply.key?('output') && reply['output']['text'] ? reply.merge('output' => reply['output'].merge('text' => scrub(reply['output']['text']))) : reply
      $stdout.write(JSON.generate(out, max_nesting: false) + "\n")
      $stdout.flush
    end
  end
end

FaradayAdapter.main if $PROGRAM_NAME == __FILE__
