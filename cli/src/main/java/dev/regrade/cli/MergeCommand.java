package dev.regrade.cli;

import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.audit.shard.Shards;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regrade merge}: the audit that N shard directories make up. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {
            "Build an audit's output from its shards (the --out directories of ./regrade audit --shard K/N, one per "
                + "K): report.md, report-full.md, report.html, report.json, the results and the verdict, byte-identical "
                + "to the same audit run unsharded.",
            "The shards must be one audit's: the same options and inputs (their digest), the same N, every K once, "
                + "every run of the matrix in exactly one shard. The options come from the shards; the fixtures are "
                + "read again from where the shards read them (run merge in the same checkout)."
        },
        footer = {"", "Examples (three shards, on three machines or one after another):",
            "  ./regrade audit --shard 1/3 --out shards/1",
            "  ./regrade audit --shard 2/3 --out shards/2",
            "  ./regrade audit --shard 3/3 --out shards/3",
            "  ./regrade merge shards/1 shards/2 shards/3 --out regrade-out/audit",
            "  ./regrade merge shards/* --out regrade-out/audit    # any order",
            "The shards take the audit's other options as usual (--scripts, --policies,",
            "--fixtures, --seeds, ...); every shard of one audit needs the same ones.",
            "", ExitStatus.FOOTER})
final class MergeCommand extends RegradeCommand {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = "The shard directories, all N of them, in any order.")
    List<Path> dirs;

    @Option(names = "--out", defaultValue = "regrade-out/audit", paramLabel = "DIR",
            description = "Replaced by the merged audit's files, as ./regrade audit replaces its --out (may be one of "
                    + "the shard directories: every shard is read first); a non-empty directory that is not Regrade's "
                    + "output (no " + OutputDirectory.MARKER + " file) is refused. Default: ${DEFAULT-VALUE}.")
    Path out;

    @Override
    int execute() {
        Audit.Outcome outcome = Shards.merge(dirs);
        AuditWriter.write(out, outcome);
        return AuditCommand.summarise(out(), outcome, out);
    }
}
