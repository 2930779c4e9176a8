package dev.regrade.cli;

import dev.regrade.bench.PhaseTimes;
import dev.regrade.audit.answers.AnswerSource;
import dev.regrade.audit.answers.RealJudge;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.audit.core.Shard;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.api.BadInputException;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.audit.python.PythonScripts;
import dev.regrade.audit.python.PythonSetup;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.shard.Shards;
import dev.regrade.reports.ConsoleSummary;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.reports.Markdown;
import dev.regrade.rubric.script.RubricScripts;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regrade audit}: the matrix, before and after, with a verdict. */
@Command(name = "audit",
        mixinStandardHelpOptions = true,
        description = {
            "Run every script × input (built-in policies and shipped fixtures) before and after a scoring change, "
                + "under every hash seed; diff the trees; check the changes against the declared expectations; "
                + "report seed-dependent trees, missing values reaching the judge, and crashes.",
            "Writes report.md (the pull-request summary), report-full.md, report.html, report.json and one result per run "
                + "to --out; prints a summary."
        },
        footer = {"", "Defaults: all scripts, all four policies, every shipped fixture, released → fixed, the shipped",
            "expectations of the FIXES.md fix set, seeds 0,1,2,3, in-process judge, one thread per core (two per",
            "core with --judge http).",
            "", "Examples:", "  ./regrade audit",
            "  ./regrade audit --scripts gas_stations,rl_course_book --policies hash \\",
            "      --seeds 0",
            "  ./regrade audit --scripts rl_course_book --after instructors-last \\",
            "      --expect my-expectations.json",
            "  # the Python originals: <task>.py of both directories",
            "  ./regrade audit --python ~/Mind2Web-2 \\",
            "      --before-scripts ~/Mind2Web-2/eval_scripts/2025_10_23 \\",
            "      --after-scripts my-fixed-scripts",
            "  # two git revisions: each side its own scripts and engine; the tasks whose",
            "  # script or engine changed",
            "  ./regrade audit --python ~/Mind2Web-2 --base main --head my-fix \\",
            "      --policies hash --seeds 0",
            "  ./regrade audit --answers answers --seeds 0    # answers/<agent>/<task>/*.md",
            "  # every request to a 'judge serve --replay' of a real judge:",
            "  ./regrade audit --answers answers --judge-url http://127.0.0.1:8766/v1",
            "  ./regrade audit --shard 1/2 --out shard-1    # half the matrix; then 2/2",
            "  ./regrade merge shard-1 shard-2    # = ./regrade audit, byte for byte",
            "", ExitStatus.FOOTER})
final class AuditCommand extends RegradeCommand {
    @Option(names = "--scripts", defaultValue = "all", paramLabel = "S", split = ",",
            description = "Scripts to audit, or 'all'. Default: ${DEFAULT-VALUE}.")
    List<String> scripts;

    @picocli.CommandLine.Mixin
    InputOptions inputs = new InputOptions();

    @Option(names = "--before", defaultValue = "released", paramLabel = "V", description = "Default: ${DEFAULT-VALUE}.")
    String before;

    @Option(names = "--after", defaultValue = "fixed", paramLabel = "V", description = "Default: ${DEFAULT-VALUE}.")
    String after;

    @Option(names = "--expect", paramLabel = "FILE",
            description = "Expectations JSON: per script, the node-id globs allowed to change (and, under \"prompts\", "
                    + "the extraction-name and node-id globs whose prompts may change); each entry must name an "
                    + "audited script and each glob a node or prompt it produces in this audit (else exit 2). "
                    + "./regrade expect init --from DIR drafts one from an audit. Default: the shipped "
                    + "expectations of the FIXES.md fix set.")
    Path expect;

    @Option(names = "--seeds", defaultValue = "0,1,2,3", paramLabel = "N", split = ",",
            description = "PYTHONHASHSEEDs; every run repeats under each, the first is reported. Default: ${DEFAULT-VALUE}.")
    List<Long> seeds;

    @Option(names = "--judge", defaultValue = "in-process", paramLabel = "MODE",
            description = "in-process or http. Default: ${DEFAULT-VALUE}.")
    String judge;

    @Option(names = "--threads", paramLabel = "N",
            description = "Worker threads. Default: the number of cores (twice that with --judge http).")
    Integer threads;

    @Option(names = "--out", defaultValue = "regrade-out/audit", paramLabel = "DIR",
            description = "Replaced by this audit's files, so it holds exactly one audit; a non-empty directory that "
                    + "is not Regrade's output (no " + OutputDirectory.MARKER + " file) is refused. "
                    + "Default: ${DEFAULT-VALUE}.")
    Path out;

    @picocli.CommandLine.Mixin
    PythonOptions python = new PythonOptions();

    @Option(names = "--before-scripts", paramLabel = "DIR",
            description = "With --python: the scripts (<task>.py) the --before variant runs.")
    Path beforeScripts;

    @Option(names = "--after-scripts", paramLabel = "DIR",
            description = "With --python: the scripts (<task>.py) the --after variant runs. --scripts all: the tasks "
                    + "of both directories; a task that is not ported is answered from each request's JSON schema.")
    Path afterScripts;

    @Option(names = "--base", paramLabel = "REV",
            description = "With --python: audit two git revisions of the checkout (any commit, branch or tag; with "
                    + "--head): the base side runs REV's scripts and engine, read with git plumbing into a temporary "
                    + "folder (the checkout's work tree, index and refs are never touched). By default the tasks "
                    + "whose <task>.py differs, or every task when mind2web2/ differs; --scripts narrows or widens. "
                    + "Instead of --before-scripts/--after-scripts.")
    String baseRev;

    @Option(names = "--head", paramLabel = "REV", description = "With --base: the revision after the change.")
    String headRev;

    @Option(names = "--engine", paramLabel = "REV",
            description = "With --base/--head: both sides run the mind2web2 of REV (default: each its own); the "
                    + "tasks selected are then those whose script changed.")
    String engineRev;

    @Option(names = "--scripts-path", paramLabel = "PATH",
            description = "With --base/--head: the folder of <task>.py inside the revisions. Default: the one folder "
                    + "under eval_scripts/ of the head revision holding *.py files (several or none: exit 2).")
    String scriptsPath;

    /** The revisions read for --base/--head, open while the audit runs; null without them. */
    private dev.regrade.audit.python.GitRevisions revisions;

    @Option(names = "--answers", paramLabel = "DIR",
            description = "Real answers in the Mind2Web 2 runner's layout, DIR/<agent>/<task>/*.md: each is one more "
                    + "input of its task (results answer-<agent>-<answer>.json), before and after. Answers of tasks "
                    + "not audited are passed over with a count; a task folder whose name is close to a task's but "
                    + "not one is exit 2.")
    Path answersDir;

    @Option(names = "--answers-policy", paramLabel = "P",
            description = "The policy answering the real answers' extractions and verdicts offline, where no "
                    + "fixture lies beside an answer (answer_N.json; not with --judge-url). Default: "
                    + AnswerSource.DEFAULT_POLICY + ".")
    String answersPolicy;

    @Option(names = "--judge-url", paramLabel = "URL",
            description = "Send every judge and extraction request of every run to this OpenAI-compatible base URL "
                    + "(…/v1) instead of the inputs' rules, e.g. a 'judge serve --replay DIR' of a real judge: the "
                    + "audit is then the real judge's, for free. A request it does not answer abandons the audit "
                    + "(exit 3) naming the run and the request.")
    String judgeUrl;

    @Option(names = "--judge-model", paramLabel = "M",
            description = "The model named in those requests (with --judge-url). Default: o4-mini, what the runner "
                    + "passes.")
    String judgeModel;

    @Option(names = "--api-key-env", paramLabel = "VAR",
            description = "The environment variable holding the --judge-url endpoint's key (Java runs; none needed "
                    + "for a judge serve on this machine). Default: OPENAI_API_KEY.")
    String apiKeyEnv;

    @Option(names = "--quiet", description = "No progress on stderr.")
    boolean quiet;

    @Option(names = "--timings", paramLabel = "FILE",
            description = "Also write where the time went (JSON: milliseconds per phase, from JVM start) to FILE; "
                    + "used by ./regrade bench.")
    Path timings;

    @Option(names = "--shard", paramLabel = "K/N",
            description = "Run only shard K of N of the matrix (inputs dealt in turn to the N shards; an input's runs "
                    + "under every variant and seed stay in one shard) and write its runs and a manifest to --out, "
                    + "no report; ./regrade merge builds the report from all N shard directories, byte-identical "
                    + "to the unsharded audit.")
    String shard;

    @Override
    int execute() {
        try (dev.regrade.audit.python.GitRevisions revs = gitRevisions()) {
            revisions = revs;
            try {
                return audit();
            } catch (dev.regrade.audit.python.MissingEngineModuleException e) {
                throw revs == null ? e : revs.explain(e);
            }
        }
    }

    private int audit() {
        PrintWriter stdout = out();
        PrintWriter err = err();
        PhaseTimes clock = PhaseTimes.fromJvmStart();
        Shard part = shard == null ? null : Shard.parse(shard);
        if (part != null && !spec.commandLine().getParseResult().hasMatchedOption("--out")) {
            // The default --out holds the whole audit: a shard there would replace it with a part.
            throw new BadInputException("--shard needs its own --out DIR (one per shard, e.g. --out shard-"
                    + part.index() + "): the default " + out + " is the whole audit's");
        }
        AuditConfig config = config();
        if (config.answers() != null) {
            // what the directory gave, and what it passed over, before the runs
            err.println("regrade audit: " + config.answers().read(config.answers().knownTasks(config.python()),
                    config.scripts()).summaryLine());
            err.flush();
        }
        long start = System.nanoTime();
        // On a terminal the progress line is rewritten in place; in a log, one line per tenth.
        boolean terminal = System.console() != null;
        int[] counts = new int[2];
        Interruption.during(() -> prefix() + "interrupted after " + counts[0] + " of " + counts[1] + " runs; nothing "
                + "was written (" + out + " is as it was)");
        Audit.Progress progress = (done, total) -> {
            counts[0] = done;
            counts[1] = total;
            int step = terminal ? 25 : Math.max(1, total / 10);
            if (!quiet && (done == total || done % step == 0)) {
                synchronized (err) {
                    err.printf(terminal ? "\rregrade audit: %d/%d runs, %.1f s" : "regrade audit: %d/%d runs, %.1f s%n",
                            done, total, (System.nanoTime() - start) / 1e9);
                    if (terminal && done == total) {
                        err.println();
                    }
                    err.flush();
                }
            }
        };
        if (part != null) {
            return shard(config, part, progress, clock);
        }
        Audit.Outcome outcome = Audit.run(config, progress, clock);
        Interruption.writing(prefix(), out);
        AuditWriter.write(out, outcome);
        Interruption.writeDone();
        clock.mark("write results and reports");
        if (timings != null) {
            clock.judgeRequests(outcome.judgeRequests());
            AuditWriter.atomicWrite(timings, JsonFiles.toFileText(clock.json()));
        }
        int runs = outcome.report().summary().runs();
        if (!quiet && outcome.evaluated() < runs) {
            err.printf("regrade audit: %d runs evaluated; %d reused from a first-seed run that never read its hash "
                    + "seed%n", outcome.evaluated(), runs - outcome.evaluated());
            err.flush();
        }
        return summarise(stdout, outcome, out);
    }

    /** Prints an audit's summary and where its reports went; returns its exit status. */
    static int summarise(PrintWriter stdout, Audit.Outcome outcome, Path out) {
        ConsoleSummary.lines(outcome.report()).forEach(stdout::println);
        if (outcome.report().python() != null) {
            outcome.report().python().lines().forEach(stdout::println);
        }
        stdout.println("Reports: " + out.resolve("report.md") + " (summary), " + out.resolve(Markdown.FULL_FILE) + ", "
                + out.resolve("report.html") + ", " + out.resolve("report.json"));
        stdout.flush();
        return outcome.unexpected() > 0 ? ExitCodes.FINDING : ExitCodes.OK;
    }

    private int shard(AuditConfig config, Shard part, Audit.Progress progress, PhaseTimes clock) {
        Audit.ShardOutcome outcome = Audit.runShard(config, part, progress, clock);
        Shards.write(out, config, part, outcome);
        clock.mark("write results and reports");
        if (timings != null) {
            clock.judgeRequests(outcome.judgeRequests());
            AuditWriter.atomicWrite(timings, JsonFiles.toFileText(clock.json()));
        }
        long evaluated = outcome.runs().values().stream().filter(RunRecord::evaluated).count();
        out().println("Shard " + part.label() + ": " + outcome.held() + " of the audit's " + outcome.inputs()
                + " inputs, " + outcome.runs().size() + " runs (" + evaluated + " evaluated), in " + out.resolve(Shards.MANIFEST)
                + (outcome.held() == 0 ? " (none: more shards than inputs)" : ""));
        out().println("No report from a shard: when all " + part.count() + " are done, ./regrade merge DIR… builds it.");
        out().flush();
        return ExitCodes.OK;
    }

    private AuditConfig config() {
        PythonSetup py = pythonSetup();
        List<String> scriptNames = revisions != null ? revisions.tasks() : scripts.equals(List.of("all"))
                ? py != null ? PythonScripts.common(beforeScripts, afterScripts) : RubricScripts.names() : scripts;
        if (py == null) {
            scriptNames.forEach(Inputs::script);
        }
        List<String> policyNames = inputs.policyNames();
        Path fixtureDir = inputs.fixturesDir();
        InputOptions.seeds(seeds);
        JudgeMode mode;
        try {
            mode = JudgeMode.parse(judge);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--judge: " + e.getMessage());
        }
        // Over HTTP a worker waits for each reply, so twice as many workers keep the cores busy.
        int cores = Runtime.getRuntime().availableProcessors();
        int n = threads != null ? threads : mode == JudgeMode.HTTP || judgeUrl != null ? 2 * cores : cores;
        if (n < 1 || n > 256) {
            throw new BadInputException("--threads: expected 1 to 256");
        }
        Expectations expectations = expect == null ? Expectations.shipped() : Expectations.load(expect);
        AuditConfig config = new AuditConfig(new ArrayList<>(scriptNames), policyNames, fixtureDir,
                revisions != null ? revisions.before() : before, revisions != null ? revisions.after() : after,
                expectations, seeds, mode, n);
        config = py == null ? config : config.withPython(py);
        return config.withAnswers(answerSource()).withRealJudge(realJudge(mode));
    }

    private AnswerSource answerSource() {
        if (answersDir == null) {
            if (answersPolicy != null) {
                throw new BadInputException("--answers-policy needs --answers DIR");
            }
            return null;
        }
        AnswerSource source = new AnswerSource(answersDir, answersPolicy == null ? AnswerSource.DEFAULT_POLICY
                : answersPolicy);
        source.offlinePolicy();
        return source;
    }

    private RealJudge realJudge(JudgeMode mode) {
        if (judgeUrl == null) {
            if (judgeModel != null || apiKeyEnv != null) {
                throw new BadInputException((judgeModel != null ? "--judge-model" : "--api-key-env")
                        + " needs --judge-url URL");
            }
            return null;
        }
        if (mode == JudgeMode.IN_PROCESS && spec.commandLine().getParseResult().hasMatchedOption("--judge")) {
            throw new BadInputException("--judge in-process and --judge-url contradict each other: --judge-url "
                    + "sends every request over HTTP");
        }
        RealJudge real = new RealJudge(judgeUrl, judgeModel == null ? RealJudge.of(judgeUrl).model() : judgeModel,
                apiKeyEnv == null ? RealJudge.of(judgeUrl).apiKeyEnv() : apiKeyEnv);
        try {
            real.config(System::getenv);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--judge-url: " + e.getMessage());
        }
        return real;
    }

    /** The --base/--head revisions read into a temporary folder, or null without --base. */
    private dev.regrade.audit.python.GitRevisions gitRevisions() {
        if (baseRev == null && headRev == null) {
            if (engineRev != null || scriptsPath != null) {
                throw new BadInputException("--engine and --scripts-path need --base REV and --head REV");
            }
            return null;
        }
        if (python.checkout == null) {
            throw new BadInputException("--base and --head need --python M2W2_CHECKOUT (the git checkout whose "
                    + "revisions they name)");
        }
        if (baseRev == null || headRev == null) {
            throw new BadInputException(baseRev == null ? "--head needs --base REV" : "--base needs --head REV");
        }
        if (beforeScripts != null || afterScripts != null) {
            throw new BadInputException("--base/--head and --before-scripts/--after-scripts exclude each other: the "
                    + "revisions are the scripts");
        }
        if (shard != null) {
            throw new BadInputException("--shard with --base/--head is not supported yet: each shard would read the "
                    + "revisions into a folder of its own; audit the revisions' scripts directories with "
                    + "--before-scripts/--after-scripts instead");
        }
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        String python3 = PythonSetup.interpreter(python.exe);
        dev.regrade.audit.python.GitRevisions revs = dev.regrade.audit.python.GitRevisions.open(
                new dev.regrade.audit.python.GitRevisions.Request(python.checkout, baseRev, headRev, engineRev,
                        scriptsPath, parsed.hasMatchedOption("--scripts") ? scripts : null,
                        parsed.hasMatchedOption("--before") ? before : null,
                        parsed.hasMatchedOption("--after") ? after : null));
        interpreter = python3;
        return revs;
    }

    /** The interpreter checked for --base/--head. */
    private String interpreter;

    private PythonSetup pythonSetup() {
        if (revisions != null) {
            return revisions.setup(interpreter);
        }
        if (python.checkout == null) {
            if (beforeScripts != null || afterScripts != null || python.exe != null) {
                throw new BadInputException("--before-scripts, --after-scripts and --python-exe need --python M2W2_CHECKOUT");
            }
            return null;
        }
        if (beforeScripts == null || afterScripts == null) {
            throw new BadInputException("--python needs --before-scripts DIR and --after-scripts DIR (the <task>.py "
                    + "files each variant runs)");
        }
        if (before.equals(after)) {
            throw new BadInputException("--before and --after name the same variant '" + before + "' (with --python "
                    + "they label the two scripts directories)");
        }
        Map<String, Path> dirs = new LinkedHashMap<>();
        dirs.put(before, beforeScripts);
        dirs.put(after, afterScripts);
        return PythonSetup.of(python.exe, python.checkout, dirs,
                Map.of(before, "--before-scripts", after, "--after-scripts"));
    }
}
