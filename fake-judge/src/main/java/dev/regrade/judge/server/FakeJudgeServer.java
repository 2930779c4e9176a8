package dev.regrade.judge.server;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.Options;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.regrade.judge.Wire;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.VerdictRules;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fake judge: an OpenAI-compatible server on WireMock, bound to 127.0.0.1 only, serving
 * {@code POST /v1/chat/completions} (whole, or streamed as server-sent events) and {@code GET /v1/models}
 * for any OpenAI-compatible client. Verifications are ruled by the {@link VerdictRules}, extractions
 * (a {@code json_schema} response format) answered by the active {@link Extractor}, and any other chat
 * completion by the optional {@link ChatResponder}, else by {@link PlainReplies#fallback}; errors are
 * OpenAI error objects. Regrade's {@code X-Regrade-*} headers are optional precision, never required.
 * Faults are injected on demand and every request is journaled. Quiet: WireMock prints nothing.
 *
 * <p>Usage: {@code try (FakeJudgeServer s = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
 * ... s.baseUrl() ... }}. Rules, extractor, responder and faults can be swapped while running (per test);
 * the journal can be read and cleared.
 *
 * <p>One server can also act as many independent fake judges: each {@link #lane(String) lane} has
 * its own base URL ({@code /lanes/NAME/v1}), rules, extractor, responder, faults and journal, so
 * parallel clients (an audit's worker threads) share one server instead of starting one each.
 *
 * <p>A server can also be given a {@link CompletionHandler} that answers {@code /v1/chat/completions}
 * in place of the rules (a recording of a real judge, say), keeping its own journal: the server's
 * journal holds none of those requests. Lanes keep their own rules.
 */
public final class FakeJudgeServer extends JudgeEndpoint implements AutoCloseable {
    static final String LANE_PREFIX = "/lanes/";
    /** The model {@code GET /v1/models} lists (requests may name any model). */
    static final String MODEL = "fake-judge";
    private static final Pattern COMPLETIONS = Pattern.compile("(?:" + LANE_PREFIX + "([^/]+))?/v1/chat/completions");
    private static final Pattern MODELS = Pattern.compile("(?:" + LANE_PREFIX + "([^/]+))?/v1/models(?:/([^/]+))?");

    private final FakeJudgeConfig initial;
    private final CompletionHandler root;
    private final Map<String, FakeJudgeLane> lanes = new ConcurrentHashMap<>();
    private volatile FakeJudgeConfig current;
    /** The Jetty threads: enough for an audit's workers and a few foreign clients on 2 cores (measured). */
    static final int CONTAINER_THREADS = 24;
    private WireMockServer wireMock;

    /** A server for this setup, not started yet. */
    public FakeJudgeServer(FakeJudgeConfig config) {
        this(config, null);
    }

    /**
     * A server for this setup whose {@code /v1/chat/completions} is answered by {@code handler}
     * instead of the rules (null: by the rules), not started yet.
     */
    public FakeJudgeServer(FakeJudgeConfig config, CompletionHandler handler) {
        super(new CompletionService(Objects.requireNonNull(config, "config")));
        this.initial = config;
        this.current = config;
        this.root = handler != null ? handler : service::handle;
    }

    /** Creates and starts a server. */
    public static FakeJudgeServer start(FakeJudgeConfig config) {
        return new FakeJudgeServer(config).start();
    }

    /**
     * Starts listening on 127.0.0.1 (on the configured port, or a free one for port 0).
     *
     * @throws IllegalStateException when already running or the port cannot be bound
     */
    public synchronized FakeJudgeServer start() {
        if (wireMock != null) {
            throw new IllegalStateException("the fake judge is already running at " + baseUrl());
        }
        // Tuned for many small round trips: no request journal, logging or notices, no gzip, no
        // templating or extension scanning, Content-Length instead of chunked replies, no stub files.
        WireMockConfiguration options = WireMockConfiguration.options()
                .bindAddress(initial.bindAddress())
                .port(initial.port())
                .notifier(new QuietWireMock.SilentNotifier())
                .mappingSource(new QuietWireMock.NoMappings())
                .disableRequestJournal()
                .stubRequestLoggingDisabled(true)
                .extensionScanningEnabled(false)
                .templatingEnabled(false)
                .gzipDisabled(true)
                .http2PlainDisabled(true)
                .useChunkedTransferEncoding(Options.ChunkedEncodingPolicy.NEVER)
                .asynchronousResponseEnabled(false)
                .containerThreads(CONTAINER_THREADS)
                .jettyAcceptors(1)
                .jettyHeaderRequestSize(64 * 1024)
                .jettyStopTimeout(1000L)
                .extensions(new JudgeTransformer(this::serve));
        WireMockServer server = new WireMockServer(options);
        try {
            server.start();
        } catch (RuntimeException e) {
            throw new IllegalStateException("the fake judge cannot listen on " + initial.bindAddress() + ":"
                    + initial.port() + ": " + e.getMessage(), e);
        }
        // One catch-all stub: every request goes to the transformer, which routes it.
        server.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(JudgeTransformer.NAME)));
        wireMock = server;
        return this;
    }

    /** One request: a completion for the server or a lane, the model list, else an OpenAI 404. */
    private Reply serve(String method, String path, LoggedRequest request) {
        Matcher completions = COMPLETIONS.matcher(path);
        if (method.equals("POST") && completions.matches()) {
            CompletionHandler handler = handler(completions.group(1));
            return handler == null ? noLane(path) : handler.handle(request::getHeader, request.getBody());
        }
        Matcher models = MODELS.matcher(path);
        if (method.equals("GET") && models.matches()) {
            if (handler(models.group(1)) == null) {
                return noLane(path);
            }
            return Reply.json(200, models.group(2) == null ? Completions.models(List.of(MODEL))
                    : Completions.write(Completions.model(Wire.decode(models.group(2)))), 0);
        }
        return Reply.error(404, "The fake judge serves POST /v1/chat/completions and GET /v1/models only.",
                "invalid_request_error", "unknown_url");
    }

    private static Reply noLane(String path) {
        return Reply.error(404, "No lane of the fake judge serves " + path + ".", "invalid_request_error",
                "unknown_lane");
    }

    /** Stops listening; a stopped server can be started again. Idempotent. */
    public synchronized void stop() {
        if (wireMock != null) {
            WireMockServer server = wireMock;
            wireMock = null;
            server.stop();
        }
    }

    @Override
    public void close() {
        stop();
    }

    public synchronized boolean isRunning() {
        return wireMock != null && wireMock.isRunning();
    }

    /** The port listened on. */
    public synchronized int port() {
        if (wireMock == null) {
            throw new IllegalStateException("the fake judge is not running");
        }
        return wireMock.port();
    }

    /** The OpenAI base URL, {@code http://127.0.0.1:PORT/v1}. */
    public String baseUrl() {
        return "http://" + FakeJudgeConfig.LOOPBACK + ":" + port() + "/v1";
    }

    /**
     * The setup in force now: the initial one with the rules, extractor, responder and faults swapped in
     * since.
     */
    public FakeJudgeConfig config() {
        return current;
    }

    /** Keeps {@link #config()} in step with what the service was told, under one lock. */
    private synchronized <T> void use(T value, java.util.function.BiFunction<FakeJudgeConfig, T, FakeJudgeConfig> with,
                                      java.util.function.Consumer<T> tell) {
        current = with.apply(current, value);
        tell.accept(value);
    }

    /** Rules verifications by these rules from now on. */
    public void useRules(VerdictRules rules) {
        use(rules, FakeJudgeConfig::withRules, service::useRules);
    }

    /** Answers extractions with this extractor from now on. */
    public void useExtractor(Extractor extractor) {
        use(extractor, FakeJudgeConfig::withExtractor, service::useExtractor);
    }

    /** Answers free-text chat completions with this responder from now on (null: none, the fallback reply). */
    public void useResponder(ChatResponder responder) {
        use(responder, FakeJudgeConfig::withResponder, service::useResponder);
    }

    /**
     * Injects these faults from now on. Request numbers in fault rules count from 1 again and
     * one-shot budgets are full again.
     */
    public void useFaults(Faults faults) {
        use(faults, FakeJudgeConfig::withFaults, service::useFaults);
    }

    /**
     * The lane of this name, created on first use with the server's initial setup (rules,
     * extractor, responder, faults). Names are 1-40 characters of {@code a-z}, {@code 0-9}, {@code -}.
     */
    public FakeJudgeLane lane(String name) {
        if (name == null || !name.matches("[a-z0-9-]{1,40}")) {
            throw new IllegalArgumentException("a lane name is 1-40 characters of a-z, 0-9 and '-', got '" + name + "'");
        }
        return lanes.computeIfAbsent(name, n -> new FakeJudgeLane(this, n, new CompletionService(initial)));
    }

    /** The server's own handler (no lane named), a lane's, or null for a lane that does not exist. */
    private CompletionHandler handler(String laneName) {
        if (laneName == null) {
            return root;
        }
        FakeJudgeLane lane = lanes.get(laneName);
        return lane == null ? null : lane.service::handle;
    }

    @Override
    public String toString() {
        String where;
        synchronized (this) {
            where = wireMock == null ? "stopped" : baseUrl();
        }
        return "FakeJudgeServer[" + where + ", " + current + "]";
    }
}
