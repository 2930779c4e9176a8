package dev.regrade.audit.shard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.answers.Answer;
import dev.regrade.audit.answers.AnswerSource;
import dev.regrade.audit.answers.AnswersDir;
import dev.regrade.audit.answers.RealJudge;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.audit.inputs.Inputs;
import dev.regrade.audit.python.PythonSetup;
import dev.regrade.audit.run.JudgeMode;
import dev.regrade.rubric.io.IoProblems;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An audit's options as a shard records them ({@code shard.json}'s {@code options}), so that the
 * merge rebuilds the very configuration the shards ran, and the digest that tells one audit from
 * another: the options that shape the output (not {@code --threads}, which never does) and the
 * bytes of every fixture the matrix reads. Regrade's own code is not in it (the jar carries no
 * version, and jars built apart differ in their time stamps): the shards and the merge of one audit
 * come from one checkout. An audit of the Python originals records its interpreter, checkout and
 * scripts directories, and its digest covers the bytes of every script the matrix runs.
 */
final class AuditOptions {
    private AuditOptions() {
    }

    /** The options of {@code config} as JSON; the fixtures as their directory, or as the shipped ones. */
    static ObjectNode toJson(AuditConfig config) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        config.scripts().forEach(o.putArray("scripts")::add);
        config.policies().forEach(o.putArray("policies")::add);
        boolean shipped = config.fixturesDir() != null && config.fixturesDir().equals(Inputs.shippedFixtures());
        o.put("shipped_fixtures", shipped);
        o.put("fixtures", config.fixturesDir() == null || shipped ? null : config.fixturesDir().toString());
        o.put("before", config.before());
        o.put("after", config.after());
        config.seeds().forEach(o.putArray("seeds")::add);
        o.put("judge", config.judge().label());
        o.put("seed_reuse", config.seedReuse());
        o.put("expectations_source", config.expectations().source());
        o.set("expectations", config.expectations().toJson());
        PythonSetup py = config.python();
        if (py == null) {
            o.putNull("python");
        } else {
            ObjectNode p = o.putObject("python");
            p.put("exe", py.python());
            p.put("checkout", py.checkout().toString());
            ObjectNode dirs = p.putObject("scripts");
            py.scriptDirs().forEach((variant, dir) -> dirs.put(variant, dir.toString()));
        }
        // only when given, so an audit without them records what it always did
        if (config.answers() != null) {
            o.putObject("answers").put("dir", config.answers().dir().toString())
                    .put("policy", config.answers().policy());
        }
        if (config.realJudge() != null) {
            o.putObject("judge_url").put("url", config.realJudge().url()).put("model", config.realJudge().model())
                    .put("api_key_env", config.realJudge().apiKeyEnv());
        }
        return o;
    }

    /**
     * The configuration {@link #toJson} recorded, with {@code threads} workers; the shipped fixtures
     * are this installation's. Problems are bad input naming the manifest and the JSON path.
     */
    static AuditConfig fromJson(JsonField f, int threads) {
        f.object();
        JsonField given = f.get("fixtures");
        Path fixtures = f.get("shipped_fixtures").bool() ? Inputs.shippedFixtures()
                : given.textOrNull() == null ? null : Paths.get(given.textOrNull());
        JudgeMode judge = f.get("judge").parsed(JudgeMode::parse);
        f.get("expectations").object();
        Expectations expect = Expectations.fromJson(f.get("expectations_source").text(), f.get("expectations"));
        List<Long> seeds = f.get("seeds").list(JsonField.Kind.LONG);
        if (seeds.isEmpty()) {
            throw f.get("seeds").bad("expected at least one seed");
        }
        AuditConfig config = new AuditConfig(f.get("scripts").list(JsonField.Kind.TEXT),
                f.get("policies").list(JsonField.Kind.TEXT), fixtures, f.get("before").text(), f.get("after").text(),
                expect, seeds, judge, threads, f.get("seed_reuse").bool());
        JsonField py = f.get("python");
        if (!py.isMissingOrNull()) {
            Map<String, Path> dirs = new LinkedHashMap<>(py.get("scripts").map(d -> Paths.get(d.text())));
            config = config.withPython(new PythonSetup(py.get("exe").text(), Paths.get(py.get("checkout").text()),
                    dirs));
        }
        JsonField answers = f.get("answers");
        if (!answers.isMissingOrNull()) {
            config = config.withAnswers(new AnswerSource(Paths.get(answers.get("dir").text()),
                    answers.get("policy").text()));
        }
        JsonField realJudge = f.get("judge_url");
        if (!realJudge.isMissingOrNull()) {
            config = config.withRealJudge(new RealJudge(realJudge.get("url").text(), realJudge.get("model").text(),
                    realJudge.get("api_key_env").text()));
        }
        return config;
    }

    /**
     * The digest of one audit: SHA-256 of its options (but where the fixtures directory is) and the
     * names and bytes of the fixtures it reads, in matrix order.
     */
    static String digest(AuditConfig config) {
        ObjectNode d = JsonNodeFactory.instance.objectNode();
        ObjectNode options = toJson(config);
        options.remove("fixtures");
        options.remove("shipped_fixtures");
        d.set("options", options);
        ObjectNode files = d.putObject("fixtures");
        if (config.fixturesDir() != null) {
            for (String script : config.scripts()) {
                Path dir = config.fixturesDir().resolve(script);
                if (Files.isDirectory(dir)) {
                    for (Path f : Inputs.fixtureFiles(dir)) {
                        files.put(config.fixturesDir().relativize(f).toString().replace('\\', '/'), sha256(read(f)));
                    }
                }
            }
        }
        if (config.answers() != null) {
            // the answers by their place in the directory and their text, not where the directory is
            ((ObjectNode) options.get("answers")).remove("dir");
            ObjectNode answers = d.putObject("answers");
            AnswersDir.Read read = config.answers().read(config.answers().knownTasks(config.python()),
                    config.scripts());
            for (String script : config.scripts()) {
                for (Answer a : read.of(script)) {
                    answers.put(a.path(), sha256(a.text().getBytes(StandardCharsets.UTF_8)));
                    if (a.fixture() != null) {
                        answers.put(a.fixture(), sha256(read(config.answers().dir().resolve(a.fixture()))));
                    }
                }
            }
        }
        if (config.python() != null) {
            ObjectNode scripts = d.putObject("python_scripts");
            for (String script : config.scripts()) {
                for (String variant : List.of(config.before(), config.after())) {
                    Path f = config.python().scriptFile(script, variant);
                    scripts.put(variant + "/" + script, Files.isRegularFile(f) ? sha256(read(f)) : null);
                }
            }
        }
        return sha256(JsonFiles.toFileText(d).getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] read(Path f) {
        try {
            return Files.readAllBytes(f);
        } catch (IOException e) {
            throw new BadInputException(f + ": cannot read: " + IoProblems.describe(e));
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
