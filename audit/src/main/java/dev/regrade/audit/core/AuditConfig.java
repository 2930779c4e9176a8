package dev.regrade.audit.core;

import dev.regrade.audit.answers.AnswerSource;
import dev.regrade.audit.answers.RealJudge;
import dev.regrade.audit.expect.Expectations;
import dev.regrade.audit.python.PythonSetup;
import dev.regrade.audit.run.JudgeMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What an audit runs. Immutable; each {@code withX} returns a copy.
 *
 * @param scripts      script names, in report order
 * @param policies     built-in policy names
 * @param fixturesDir  directory of fixtures ({@code <dir>/<script>/*.json}); null for none
 * @param before       the variant before the change
 * @param after        the variant after the change
 * @param expectations what the change is declared to change
 * @param seeds        hash seeds; every run repeats under each, the first is the one reported
 * @param judge        how the judge is reached
 * @param threads      worker threads (output is identical for any number)
 * @param seedReuse    whether a run that never read its hash seed is reused for the other seeds
 *                     instead of repeated (output is identical either way; a test checks it)
 * @param python       where the Python originals come from, for an audit of them ({@code --python});
 *                     null for an audit of the Java ports
 * @param answers      real answers as inputs ({@code --answers}); null for none
 * @param realJudge    the endpoint every judge and extraction request goes to ({@code --judge-url});
 *                     null: the inputs' own rules answer
 */
public record AuditConfig(List<String> scripts, List<String> policies, Path fixturesDir, String before, String after,
                          Expectations expectations, List<Long> seeds, JudgeMode judge, int threads,
                          boolean seedReuse, PythonSetup python, AnswerSource answers, RealJudge realJudge) {
    public AuditConfig {
        scripts = List.copyOf(scripts);
        policies = List.copyOf(policies);
        seeds = List.copyOf(seeds);
        Objects.requireNonNull(before);
        Objects.requireNonNull(after);
        Objects.requireNonNull(expectations);
        Objects.requireNonNull(judge);
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("at least one hash seed");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1");
        }
    }

    /** An audit without real answers or a real judge. */
    public AuditConfig(List<String> scripts, List<String> policies, Path fixturesDir, String before, String after,
                       Expectations expectations, List<Long> seeds, JudgeMode judge, int threads, boolean seedReuse,
                       PythonSetup python) {
        this(scripts, policies, fixturesDir, before, after, expectations, seeds, judge, threads, seedReuse, python,
                null, null);
    }

    /** An audit of the Java ports. */
    public AuditConfig(List<String> scripts, List<String> policies, Path fixturesDir, String before, String after,
                       Expectations expectations, List<Long> seeds, JudgeMode judge, int threads, boolean seedReuse) {
        this(scripts, policies, fixturesDir, before, after, expectations, seeds, judge, threads, seedReuse, null);
    }

    /** A configuration that reuses seed-independent runs. */
    public AuditConfig(List<String> scripts, List<String> policies, Path fixturesDir, String before, String after,
                       Expectations expectations, List<Long> seeds, JudgeMode judge, int threads) {
        this(scripts, policies, fixturesDir, before, after, expectations, seeds, judge, threads, true);
    }

    public AuditConfig withExpectations(Expectations value) {
        return new AuditConfig(scripts, policies, fixturesDir, before, after, value, seeds, judge, threads,
                seedReuse, python, answers, realJudge);
    }

    public AuditConfig withThreads(int value) {
        return new AuditConfig(scripts, policies, fixturesDir, before, after, expectations, seeds, judge, value,
                seedReuse, python, answers, realJudge);
    }

    public AuditConfig withScripts(List<String> value) {
        return new AuditConfig(value, policies, fixturesDir, before, after, expectations, seeds, judge, threads,
                seedReuse, python, answers, realJudge);
    }

    public AuditConfig withSeeds(List<Long> value) {
        return new AuditConfig(scripts, policies, fixturesDir, before, after, expectations, value, judge, threads,
                seedReuse, python, answers, realJudge);
    }

    public AuditConfig withSeedReuse(boolean value) {
        return new AuditConfig(scripts, policies, fixturesDir, before, after, expectations, seeds, judge, threads,
                value, python, answers, realJudge);
    }

    public AuditConfig withJudge(JudgeMode value) {
        return new AuditConfig(scripts, policies, fixturesDir, before, after, expectations, seeds, value, threads,
                seedReuse, python, answers, realJudge);
    }

    /** An audit of the Python originals from this setup (runs go over HTTP to the fake judge). */
    public AuditConfig withPython(PythonSetup value) {
        return new AuditConfig(scripts, policies, fixturesDir, before, after, expectations, seeds, JudgeMode.HTTP,
                threads, seedReuse, value, answers, realJudge);
    }

    /** This audit with real answers as inputs (null: none). */
    public AuditConfig withAnswers(AnswerSource value) {
        return new AuditConfig(scripts, policies, fixturesDir, before, after, expectations, seeds, judge, threads,
                seedReuse, python, value, realJudge);
    }

    /**
     * This audit with every judge and extraction request sent to {@code value} (null: the inputs' rules);
     * its runs go over HTTP.
     */
    public AuditConfig withRealJudge(RealJudge value) {
        return new AuditConfig(scripts, policies, fixturesDir, before, after, expectations, seeds,
                value == null ? judge : JudgeMode.HTTP, threads, seedReuse, python, answers, value);
    }

    /** How the report names the judge: the mode, or the real judge's URL and model. */
    public String judgeLabel() {
        return realJudge != null ? realJudge.label() : judge.label();
    }
}
