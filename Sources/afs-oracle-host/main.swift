// afs-oracle-host: answers a fuzz executable's oracle requests outside its sanitizers (OracleHost).
import AFFuzzBodies

OracleHost.main(CommandLine.arguments)
