# frozen_string_literal: true
#
# The eval protocol 1.1 (VECTORS.md §5) for the Ruby adapters of Implementations/: the request loop,
# the handshake reply, the exceptions that become replies and the value encodings of VECTORS.md §2.
# An adapter keeps only its library mapping and ends with
#
#     AFSProtocol.serve(AFSProtocol.hello(name, version, supports), { 'component' => handler, … })
#
# where a handler takes (input, options) and returns the output object, or raises one of the
# exceptions below. `include AFSProtocol` in an adapter's module makes the constants its own.

require 'json'

module AFSProtocol
  PROTOCOL = '1.1'

  # The request is outside what the library models: {"unsupported": message}.
  class Unsupported < StandardError; end
  # The request itself is wrong: {"harnessError": message}.
  class HarnessError < StandardError; end

  # A library failure reported as output: {"error": {"domain": …, "message": …}}.
  class LibraryError < StandardError
    attr_reader :domain

    def initialize(domain, message)
      super(message)
      @domain = domain
    end
  end

  # JSON objects keep their members in order; a repeated name is remembered, not merged.
  class OrderedObject < Hash
    attr_reader :repeated

    def []=(key, value)
      @repeated = true if key?(key)
      super
    end
  end

  # What a parameter tree holds that a library may not write as the vector asks (ruby_value).
  Tree = Struct.new(:list, :bool)

  # ------------------------------------------------------------ value encodings (VECTORS.md §2)

  def self.hex_bytes(hex, path)
    hex = hex.delete(' ')
    raise HarnessError, "#{path}: bad hex" unless hex.length.even? && hex.match?(/\A\h*\z/)

    [hex].pack('H*')
  end

  # Bytes given as {"text": …} or {"hex": …}.
  def self.bytes_of(value, path)
    raise HarnessError, "#{path}: bytes need \"text\" or \"hex\"" unless value.is_a?(Hash)

    if value['text'].is_a?(String)
      value['text'].b
    elsif value['hex'].is_a?(String)
      hex_bytes(value['hex'], path)
    else
      raise HarnessError, "#{path}: bytes need \"text\" or \"hex\""
    end
  end

  # Bytes as {"text": …} when they are UTF-8, else {"hex": …}.
  def self.bytes_value(bytes)
    s = bytes.dup.force_encoding(Encoding::UTF_8)
    s.valid_encoding? ? { 'text' => s } : { 'hex' => bytes.unpack1('H*') }
  end

  # A string as UTF-8, invalid bytes replaced (U+FFFD), so that it can be written as JSON.
  def self.text_value(str)
    return nil if str.nil?

    s = str.dup.force_encoding(Encoding::UTF_8)
    s.valid_encoding? ? s : s.scrub
  end

  # The escape style's family: :rfc3986 (afnetworking, rfc3986Unreserved) or :form (whatwgForm).
  def self.escape_family(options)
    case (style = options['style'] || 'afnetworking')
    when 'afnetworking', 'rfc3986Unreserved' then :rfc3986
    when 'whatwgForm' then :form
    else raise HarnessError, "options.style: unknown value \"#{style}\"; expected one of afnetworking, whatwgForm, rfc3986Unreserved"
    end
  end

  # A parameter tree (VECTORS.md §2.2) as the Ruby values a library takes natively; tree records
  # whether it holds arrays and booleans. library names the library in the $set reason.
  def self.ruby_value(value, path, tree, library)
    case value
    when Hash
      if value.size == 1 && value.keys.first.start_with?('$')
        tag, body = value.first
        case tag
        when '$set' then raise Unsupported, "Ruby/#{library} have no set type ($set)"
        when '$data'
          raise HarnessError, "#{path}.$data: expected a hex string" unless body.is_a?(String)

          return hex_bytes(body, "#{path}.$data")
        when '$double'
          raise HarnessError, "#{path}.$double: expected a string" unless body.is_a?(String)

          return { 'nan' => Float::NAN, 'inf' => Float::INFINITY, '-inf' => -Float::INFINITY }.fetch(body) { Float(body) }
        when '$dict'
          raise HarnessError, "#{path}.$dict: expected an array of pairs" unless body.is_a?(Array)

          out = {}
          body.each_with_index do |pair, i|
            raise HarnessError, "#{path}.$dict[#{i}]: expected [\"key\", value]" unless pair.is_a?(Array) && pair.size == 2 && pair[0].is_a?(String)
            raise Unsupported, 'a Ruby Hash cannot hold a repeated key ($dict)' if out.key?(pair[0])

            out[pair[0]] = ruby_value(pair[1], "#{path}.#{pair[0]}", tree, library)
          end
          return out
        else raise HarnessError, "#{path}: unknown tag #{tag} (use $dict for such a key)"
        end
      end
      raise Unsupported, 'a Ruby Hash cannot hold a repeated key' if value.is_a?(OrderedObject) && value.repeated

      value.each_with_object({}) { |(k, v), h| h[k] = ruby_value(v, "#{path}.#{k}", tree, library) }
    when Array
      tree.list = true
      value.each_with_index.map { |v, i| ruby_value(v, "#{path}[#{i}]", tree, library) }
    when true, false
      tree.bool = true
      value
    else
      value
    end
  end

  # ------------------------------------------------------------ protocol

  # The members the handshake reply adds: protocol, implementation, supports.
  def self.hello(name, version, supports)
    { 'protocol' => PROTOCOL, 'implementation' => { 'name' => name, 'version' => version }, 'supports' => supports }.freeze
  end

  def self.evaluate(req, components)
    component = req['component']
    input = req.key?('input') ? req['input'] : {}
    options = req['options'] || {}
    raise HarnessError, 'input: expected an object' unless input.is_a?(Hash)
    raise HarnessError, 'options: expected an object' unless options.is_a?(Hash)
    return { 'output' => input } if component == 'echo'

    handler = components[component] or raise Unsupported, "component #{component}"
    { 'output' => handler.call(input, options) }
  rescue LibraryError => e
    { 'output' => { 'error' => { 'domain' => e.domain, 'message' => text_value(e.message) } } }
  end

  def self.reply_to(line, hello, components)
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
    reply = begin
      { 'id' => id }.merge(evaluate(req, components))
    rescue Unsupported => e
      { 'id' => id, 'unsupported' => e.message }
    rescue HarnessError => e
      { 'id' => id, 'harnessError' => e.message }
    rescue StandardError, SystemStackError => e
      # not a documented rejection: it surfaces as an error output naming the exception
      { 'id' => id, 'output' => { 'error' => { 'domain' => 'ruby', 'message' => text_value("#{e.class}: #{e.message}") } } }
    end
    reply.merge!(hello) if id.is_a?(String) && id.start_with?('handshake#')
    reply
  end

  # The request loop: one JSON request per stdin line (blank lines skipped), one flushed JSON reply
  # line each on stdout. scrub_text: an output's "text" member is made valid UTF-8 (text_value).
  def self.serve(hello, components, scrub_text: false)
    $stdout.sync = true
    $stdin.binmode
    $stdin.each_line do |line|
      line = line.force_encoding(Encoding::UTF_8)
      next if line.strip.empty?

      reply = reply_to(line, hello, components)
      if scrub_text && reply.key?('output') && reply['output']['text']
        reply = reply.merge('output' => reply['output'].merge('text' => text_value(reply['output']['text'])))
      end
      $stdout.write(JSON.generate(reply, max_nesting: false, script_safe: false) + "\n")
      $stdout.flush
    end
  end
end
