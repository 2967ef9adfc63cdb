import Foundation
import ListLayoutCommand

var io = ListLayoutCommand.SystemIO()
let status = ListLayoutCommand.run(Array(CommandLine.arguments.dropFirst()), io: &io)
exit(status.rawValue)
