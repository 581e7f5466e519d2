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

require 'faraday'
require_relative '../ruby-common/afs_protocol'

module FaradayAdapter
  include AFSProtocol # Unsupported, HarnessError, LibraryError, Tree

  # Faraday's one escaping switch, per style family (README: "Style mapping").
  def self.with_style(options)
    space = AFSProtocol.escape_family(options) == :form ? '+' : '%20'
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
        elsif input['hex'].is_a?(String) then AFSProtocol.hex_bytes(input['hex'], 'input.hex')
        else raise HarnessError, 'input: give exactly one of "text", "utf16" or "hex"'
        end
    with_style(options) { { 'text' => Faraday::Utils.escape(s) } }
  end

  def self.query_string(input, options)
    options.each do |k, v|
      next if v.nil? || %w[style arrayStyle boolStyle].include?(k)

      raise Unsupported, "Faraday::NestedParamsEncoder has no counterpart of option #{k}"
    end
    raise HarnessError, 'input.parameters: required field is missing' unless input.key?('parameters')

    tree = Tree.new(false, false)
    value = AFSProtocol.ruby_value(input['parameters'], 'input.parameters', tree, 'Faraday')
    array_style = options['arrayStyle'] || 'brackets'
    raise Unsupported, "NestedParamsEncoder writes list items as name[] (brackets), not arrayStyle #{array_style}" if tree.list && array_style != 'brackets'

    bool_style = options['boolStyle'] || 'numeric'
    raise Unsupported, "NestedParamsEncoder writes booleans as true/false (literal), not boolStyle #{bool_style}" if tree.bool && bool_style != 'literal'

    with_style(options) do
      { 'text' => Faraday::NestedParamsEncoder.encode(value) }
    rescue TypeError => e
      raise LibraryError.new('faraday', "#{e.class}: #{e.message}") # NestedParamsEncoder's documented @raise
    end
  end

  COMPONENTS = { 'percent-escape' => method(:percent_escape), 'query-string' => method(:query_string) }.freeze

  HELLO = AFSProtocol.hello(
    'ruby-faraday', "Faraday #{Faraday::VERSION}, Ruby #{RUBY_VERSION}",
    {
      'components' => { 'percent-escape' => ['af4'], 'query-string' => ['af4'] },
      'omits' => { 'query-string' => ['pairs', 'error.*'] }
    }
  )
end

# An output's "text" is made valid UTF-8 before it is written (scrub_text).
AFSProtocol.serve(FaradayAdapter::HELLO, FaradayAdapter::COMPONENTS, scrub_text: true) if $PROGRAM_NAME == __FILE__
