package dev.regrade.vereval;

import dev.regrade.pycompat.PyFloat;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PyValueError;
import dev.regrade.pycompat.PyWhitespace;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The command line of the upstream {@code main(argv)}, parsed as its argparse parser does: the same
 * flags, defaults, choices, type conversions ({@code int()}/{@code float()}), unique-prefix
 * abbreviations, {@code --flag=value}, and the same validation after parsing.
 *
 * @param benchmark     {@code --benchmark PATH} (required)
 * @param predictions   {@code --predictions PATH} (required)
 * @param output        {@code --output DIR} (default {@code outputs/run})
 * @param backend       {@code --backend openai|vllm} (required)
 * @param model         {@code --model ID} (required)
 * @param baseUrl       {@code --base-url URL}: the given one, or the backend's default once validated
 * @param apiKeyEnv     {@code --api-key-env NAME} (null: VLLM_API_KEY or OPENAI_API_KEY)
 * @param legacyIds     {@code --legacy-ids}
 * @param allowPartial  {@code --allow-partial}
 * @param evidenceMode  {@code --evidence-mode evidence_based|frames} (default evidence_based)
 * @param evidence      {@code --evidence PATH} (null: no manifest)
 * @param workers       {@code --workers N} (default 4, ≥ 1)
 * @param timeout       {@code --timeout S} (default the int 120, > 0; a given value is a float)
 * @param apiRetries    {@code --api-retries N} (default 2, ≥ 0)
 * @param schemaRetries {@code --schema-retries N} (default 2, ≥ 0)
 * @param temperature   {@code --temperature T} (unset, else finite in [0,2])
 * @param seed          {@code --seed N} (unset)
 * @param maxTokens     {@code --max-tokens N} (unset, else ≥ 1)
 * @param jsonMode      {@code --json-mode}
 * @param resume        {@code --resume}
 * @param dryRun        {@code --dry-run}
 */
public record VerEvalArgs(Path benchmark, Path predictions, Path output, String backend, String model,
                          String baseUrl, String apiKeyEnv, boolean legacyIds, boolean allowPartial,
                          String evidenceMode, Path evidence, BigInteger workers, Number timeout,
                          BigInteger apiRetries, BigInteger schemaRetries, Double temperature, BigInteger seed,
                          BigInteger maxTokens, boolean jsonMode, boolean resume, boolean dryRun) {

    /** The usage line printed with argument errors. */
    public static final String USAGE = "usage: regrade vereval [-h] --benchmark BENCHMARK --predictions PREDICTIONS\n"
            + "                       [--output OUTPUT] --backend {openai,vllm} --model MODEL\n"
            + "                       [--base-url BASE_URL] [--api-key-env API_KEY_ENV]\n"
            + "                       [--legacy-ids] [--allow-partial]\n"
            + "                       [--evidence-mode {evidence_based,frames}]\n"
            + "                       [--evidence EVIDENCE] [--workers WORKERS]\n"
            + "                       [--timeout TIMEOUT] [--api-retries API_RETRIES]\n"
            + "                       [--schema-retries SCHEMA_RETRIES]\n"
            + "                       [--temperature TEMPERATURE] [--seed SEED]\n"
            + "                       [--max-tokens MAX_TOKENS] [--json-mode] [--resume]\n"
            + "                       [--dry-run]";

    /**
     * {@code --help}: the usage, then every flag with what it does and its default, as argparse
     * prints help strings (the upstream parser gives most flags none).
     */
    static final String HELP = USAGE + "\n\n" + """
            Three-stage scoring with strict alignment, resumable output and explicit
            evidence.

            options:
              -h, --help            show this help message and exit
              --benchmark BENCHMARK
                                    The benchmark split: a JSON array (or JSONL) of rows
                                    with task_id, level, question_id, question, answer,
                                    video_path (required)
              --predictions PREDICTIONS
                                    The answers to score: a JSON array, or JSONL (one
                                    object per line), of {"question_id": ...,
                                    "prediction": ...}; the legacy keys "id" and
                                    "generated" are accepted (required)
              --output OUTPUT       Output directory, created if needed: run.json,
                                    scores.jsonl (one row per sample, appended as scored)
                                    and summary.json (default: outputs/run)
              --backend {openai,vllm}
                                    The endpoint's kind: openai sends
                                    max_completion_tokens, vllm max_tokens; it also sets
                                    the default base URL and key variable (required)
              --model MODEL         Exact judge model ID exposed by the service (required)
              --base-url BASE_URL   API endpoint ending in /v1 (default:
                                    https://api.openai.com/v1 for openai,
                                    http://localhost:8000/v1 for vllm)
              --api-key-env API_KEY_ENV
                                    Environment variable name, never the secret itself
                                    (default: OPENAI_API_KEY for openai; VLLM_API_KEY,
                                    else EMPTY, for vllm). A loopback base URL needs no
                                    key; a key that is set is sent
              --legacy-ids          Swap old L2.5/L3.3 and update level; preserve entire
                                    suffix
              --allow-partial       Score the predictions given when some benchmark
                                    questions have none (default: every question needs
                                    one)
              --evidence-mode {evidence_based,frames}
                                    evidence_based: question, prediction and ground truth,
                                    no video frames; frames: also the frames of --evidence
                                    (default: evidence_based)
              --evidence EVIDENCE   JSON keyed by corrected question_id: reference_text
                                    and/or ordered frame paths
              --workers WORKERS     Samples scored at once (default: 4)
              --timeout TIMEOUT     Seconds per request attempt (default: 120)
              --api-retries API_RETRIES
                                    Retries of a request that timed out, lost its
                                    connection or got 408, 409, 429 or 5xx (default: 2)
              --schema-retries SCHEMA_RETRIES
                                    Repair requests per stage after an invalid judge reply
                                    (default: 2)
              --temperature TEMPERATURE
                                    Sampling temperature in [0,2] (default: not sent)
              --seed SEED           Fixed decoding seed, if supported by the judge
                                    endpoint (default: not sent)
              --max-tokens MAX_TOKENS
                                    Reply token limit, at least 1 (default: not sent)
              --json-mode           Only for servers supporting
                                    response_format=json_object
              --resume              Keep the rows of --output already scored under the
                                    same settings and score the rest
              --dry-run             Validate coverage and evidence without requests or
                                    output writes

            Each sample costs three judge calls (fact, logic, then consistency, which also
            sees the first two); vereval = 0.9*consistency + 0.1*logic. A sample whose
            judge fails is an error row, never a zero (exit 1). Offline, against ./regrade
            judge serve: --backend openai --model fake-judge --base-url
            http://127.0.0.1:PORT/v1 (no key needed).
            """;

    /** An argparse error: the message after {@code error: }; exit status 2. */
    public static final class ArgumentError extends Exception {
        private static final long serialVersionUID = 1L;

        ArgumentError(String message) {
            super(message);
        }
    }

    /** {@code -h}/{@code --help} was given: print {@link #HELP}, exit 0. */
    public static final class HelpRequested extends Exception {
        private static final long serialVersionUID = 1L;
    }

    private static final List<String> FLAGS = List.of("--legacy-ids", "--allow-partial", "--json-mode", "--resume",
            "--dry-run");
    private static final List<String> VALUED = List.of("--benchmark", "--predictions", "--output", "--backend",
            "--model", "--base-url", "--api-key-env", "--evidence-mode", "--evidence", "--workers", "--timeout",
            "--api-retries", "--schema-retries", "--temperature", "--seed", "--max-tokens");
    private static final Pattern NEGATIVE_NUMBER = Pattern.compile("^-\\d+$|^-\\d*\\.\\d+$");

    /**
     * Parses and validates the arguments; the base URL is defaulted by backend
     * ({@code http://localhost:8000/v1} for vllm, {@code https://api.openai.com/v1} for openai).
     *
     * @throws ArgumentError  what argparse reports with {@code parser.error} (exit 2)
     * @throws HelpRequested  on {@code -h}/{@code --help}
     * @throws PyValueError   when the base URL cannot even be split (Python's urlsplit raises)
     */
    public static VerEvalArgs parse(String[] argv) throws ArgumentError, HelpRequested {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Boolean> flags = new LinkedHashMap<>();
        List<String> unrecognized = new ArrayList<>();
        boolean onlyPositionals = false;
        for (int i = 0; i < argv.length; i++) {
            String a = argv[i];
            if (onlyPositionals || !looksLikeOption(a)) {
                unrecognized.add(a);
                continue;
            }
            if (a.equals("--")) {
                onlyPositionals = true;
                continue;
            }
            if (a.equals("-h") || a.equals("--help") || (a.startsWith("--h") && "--help".startsWith(a) && !a.contains("="))) {
                throw new HelpRequested();
            }
            String name = a;
            String explicit = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                explicit = a.substring(eq + 1);
            }
            String option = resolve(name);
            if (option == null) {
                unrecognized.add(a);
                continue;
            }
            if (FLAGS.contains(option)) {
                if (explicit != null) {
                    throw new ArgumentError("argument " + option + ": ignored explicit argument " + PyRepr.repr(explicit));
                }
                flags.put(option, true);
                continue;
            }
            String value = explicit;
            if (value == null) {
                if (i + 1 >= argv.length || looksLikeOption(argv[i + 1]) && !NEGATIVE_NUMBER.matcher(argv[i + 1]).matches()) {
                    throw new ArgumentError("argument " + option + ": expected one argument");
                }
                value = argv[++i];
            }
            convert(option, value);
            values.put(option, value);
        }
        List<String> missingRequired = new ArrayList<>();
        for (String req : List.of("--benchmark", "--predictions", "--backend", "--model")) {
            if (!values.containsKey(req)) {
                missingRequired.add(req);
            }
        }
        if (!missingRequired.isEmpty()) {
            throw new ArgumentError("the following arguments are required: " + String.join(", ", missingRequired));
        }
        if (!unrecognized.isEmpty()) {
            throw new ArgumentError("unrecognized arguments: " + String.join(" ", unrecognized));
        }
        BigInteger workers = values.containsKey("--workers") ? (BigInteger) convert("--workers", values.get("--workers")) : BigInteger.valueOf(4);
        Number timeout = values.containsKey("--timeout") ? (Double) convert("--timeout", values.get("--timeout")) : (Number) 120;
        BigInteger apiRetries = values.containsKey("--api-retries") ? (BigInteger) convert("--api-retries", values.get("--api-retries")) : BigInteger.TWO;
        BigInteger schemaRetries = values.containsKey("--schema-retries") ? (BigInteger) convert("--schema-retries", values.get("--schema-retries")) : BigInteger.TWO;
        Double temperature = values.containsKey("--temperature") ? (Double) convert("--temperature", values.get("--temperature")) : null;
        BigInteger seed = values.containsKey("--seed") ? (BigInteger) convert("--seed", values.get("--seed")) : null;
        BigInteger maxTokens = values.containsKey("--max-tokens") ? (BigInteger) convert("--max-tokens", values.get("--max-tokens")) : null;
        if (workers.signum() < 1 || timeout.doubleValue() <= 0 || apiRetries.min(schemaRetries).signum() < 0) {
            throw new ArgumentError("Workers/timeout must be positive and retries nonnegative");
        }
        if (maxTokens != null && maxTokens.signum() < 1) {
            throw new ArgumentError("--max-tokens must be positive");
        }
        if (temperature != null && (!Double.isFinite(temperature) || !(0 <= temperature && temperature <= 2))) {
            throw new ArgumentError("--temperature must be a finite number in [0,2]");
        }
        String backend = values.get("--backend");
        String baseUrl = values.containsKey("--base-url") ? values.get("--base-url")
                : backend.equals("vllm") ? "http://localhost:8000/v1" : "https://api.openai.com/v1";
        if (!validBaseUrl(baseUrl)) {
            throw new ArgumentError("Use an HTTP(S) base URL without credentials/query/fragment");
        }
        return new VerEvalArgs(Path.of(values.get("--benchmark")), Path.of(values.get("--predictions")),
                Path.of(values.getOrDefault("--output", "outputs/run")), backend, values.get("--model"), baseUrl,
                values.get("--api-key-env"), flags.containsKey("--legacy-ids"), flags.containsKey("--allow-partial"),
                values.getOrDefault("--evidence-mode", Evidence.EVIDENCE_BASED),
                values.containsKey("--evidence") ? Path.of(values.get("--evidence")) : null, workers, timeout,
                apiRetries, schemaRetries, temperature, seed, maxTokens, flags.containsKey("--json-mode"),
                flags.containsKey("--resume"), flags.containsKey("--dry-run"));
    }

    /** {@code --workers} as a thread count (values beyond int range are capped). */
    public int workerCount() {
        return workers.min(BigInteger.valueOf(Integer.MAX_VALUE)).intValue();
    }

    private static boolean looksLikeOption(String a) {
        if (a.isEmpty() || a.charAt(0) != '-' || a.length() == 1) {
            return false;
        }
        if (NEGATIVE_NUMBER.matcher(a).matches()) {
            return false;
        }
        if (a.contains(" ") && resolveQuiet(a.contains("=") ? a.substring(0, a.indexOf('=')) : a) == null) {
            return false;
        }
        return true;
    }

    private static String resolveQuiet(String name) {
        try {
            return resolve(name);
        } catch (ArgumentError e) {
            return null;
        }
    }

    /** The option an argument names: exact, or a unique prefix of one long option. */
    private static String resolve(String name) throws ArgumentError {
        if (FLAGS.contains(name) || VALUED.contains(name)) {
            return name;
        }
        if (!name.startsWith("--")) {
            return null;
        }
        List<String> matches = new ArrayList<>();
        for (String o : VALUED) {
            if (o.startsWith(name)) {
                matches.add(o);
            }
        }
        for (String o : FLAGS) {
            if (o.startsWith(name)) {
                matches.add(o);
            }
        }
        if ("--help".startsWith(name)) {
            matches.add("--help");
        }
        if (matches.size() > 1) {
            matches.sort(String::compareTo);
            throw new ArgumentError("ambiguous option: " + name + " could match " + String.join(", ", matches));
        }
        return matches.isEmpty() ? null : matches.get(0);
    }

    private static Object convert(String option, String value) throws ArgumentError {
        switch (option) {
            case "--backend":
                return choice(option, value, "openai", "vllm");
            case "--evidence-mode":
                return choice(option, value, "evidence_based", "frames");
            case "--workers":
            case "--api-retries":
            case "--schema-retries":
            case "--seed":
            case "--max-tokens":
                BigInteger n = pyInt(value);
                if (n == null) {
                    throw new ArgumentError("argument " + option + ": invalid int value: " + PyRepr.repr(value));
                }
                return n;
            case "--timeout":
            case "--temperature":
                try {
                    return PyFloat.parse(value);
                } catch (PyValueError e) {
                    throw new ArgumentError("argument " + option + ": invalid float value: " + PyRepr.repr(value));
                }
            default:
                return value;
        }
    }

    private static String choice(String option, String value, String... choices) throws ArgumentError {
        for (String c : choices) {
            if (c.equals(value)) {
                return c;
            }
        }
        List<String> quoted = new ArrayList<>();
        for (String c : choices) {
            quoted.add(PyRepr.repr(c));
        }
        throw new ArgumentError("argument " + option + ": invalid choice: " + PyRepr.repr(value) + " (choose from "
                + String.join(", ", quoted) + ")");
    }

    /** Python {@code int(str)}: surrounding white space, a sign, Unicode digits, single underscores between digits. */
    static BigInteger pyInt(String s) {
        String t = PyWhitespace.strip(s);
        StringBuilder digits = new StringBuilder();
        int i = 0;
        boolean negative = false;
        if (!t.isEmpty() && (t.charAt(0) == '+' || t.charAt(0) == '-')) {
            negative = t.charAt(0) == '-';
            i = 1;
        }
        boolean lastDigit = false;
        boolean lastUnderscore = false;
        while (i < t.length()) {
            int cp = t.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '_') {
                if (!lastDigit) {
                    return null;
                }
                lastDigit = false;
                lastUnderscore = true;
                continue;
            }
            int d = cp < 0x80 ? (cp >= '0' && cp <= '9' ? cp - '0' : -1) : (Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER ? Character.digit(cp, 10) : -1);
            if (d < 0) {
                return null;
            }
            digits.append((char) ('0' + d));
            lastDigit = true;
            lastUnderscore = false;
        }
        if (digits.length() == 0 || lastUnderscore) {
            return null;
        }
        BigInteger v = new BigInteger(digits.toString());
        return negative ? v.negate() : v;
    }

    /**
     * The upstream check on {@code urllib.parse.urlsplit(base_url)}: scheme http or https, a host, no
     * user name or password, no query, no fragment (empty ones pass, as they are falsy in Python).
     *
     * @throws PyValueError "Invalid IPv6 URL" where urlsplit raises it
     */
    static boolean validBaseUrl(String url) {
        int start = 0;
        while (start < url.length() && url.charAt(start) <= ' ') {
            start++;
        }
        String u = url.substring(start).replace("\t", "").replace("\r", "").replace("\n", "");
        String scheme = "";
        String rest = u;
        int colon = u.indexOf(':');
        if (colon > 0 && u.charAt(0) < 0x80 && Character.isLetter(u.charAt(0))) {
            boolean ok = true;
            for (int k = 0; k < colon; k++) {
                char c = u.charAt(k);
                if (!(c < 0x80 && (Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.'))) {
                    ok = false;
                    break;
                }
            }
            if (ok) {
                scheme = u.substring(0, colon).toLowerCase(Locale.ROOT);
                rest = u.substring(colon + 1);
            }
        }
        String netloc = "";
        if (rest.startsWith("//")) {
            int end = rest.length();
            for (char c : new char[] {'/', '?', '#'}) {
                int k = rest.indexOf(c, 2);
                if (k >= 0 && k < end) {
                    end = k;
                }
            }
            netloc = rest.substring(2, end);
            rest = rest.substring(end);
            if ((netloc.contains("[") && !netloc.contains("]")) || (netloc.contains("]") && !netloc.contains("["))) {
                throw new PyValueError("Invalid IPv6 URL");
            }
        }
        String fragment = "";
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            fragment = rest.substring(hash + 1);
            rest = rest.substring(0, hash);
        }
        String query = "";
        int q = rest.indexOf('?');
        if (q >= 0) {
            query = rest.substring(q + 1);
        }
        String username = null;
        String password = null;
        String hostport = netloc;
        int at = netloc.lastIndexOf('@');
        if (at >= 0) {
            String userinfo = netloc.substring(0, at);
            hostport = netloc.substring(at + 1);
            int c = userinfo.indexOf(':');
            username = c >= 0 ? userinfo.substring(0, c) : userinfo;
            password = c >= 0 ? userinfo.substring(c + 1) : null;
        }
        String hostname;
        if (hostport.startsWith("[")) {
            int close = hostport.indexOf(']');
            hostname = close > 0 ? hostport.substring(1, close) : "";
        } else {
            int c = hostport.indexOf(':');
            hostname = c >= 0 ? hostport.substring(0, c) : hostport;
        }
        return (scheme.equals("http") || scheme.equals("https")) && !hostname.isEmpty()
                && (username == null || username.isEmpty()) && (password == null || password.isEmpty())
                && query.isEmpty() && fragment.isEmpty();
    }
}
