package dev.regrade.judge.server;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;

/**
 * The WireMock side of the fake judge: the one catch-all stub's transformer, which hands each
 * request to the fake judge's router and turns its {@link Reply} into WireMock's response: the
 * status, headers and body, WireMock's fixed delay for a held-back reply, and its
 * {@link Fault#MALFORMED_RESPONSE_CHUNK} for a reply cut off in transit.
 */
final class JudgeTransformer implements ResponseDefinitionTransformerV2 {
    static final String NAME = "regrade-fake-judge";

    /** What answers one request: method, path (no query), the request as WireMock read it. */
    @FunctionalInterface
    interface Router {
        Reply route(String method, String path, LoggedRequest request);
    }

    private final Router router;

    JudgeTransformer(Router router) {
        this.router = router;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
        LoggedRequest request = event.getRequest();
        String url = request.getUrl();
        int q = url.indexOf('?');
        Reply reply;
        try {
            reply = router.route(request.getMethod().getName(), q < 0 ? url : url.substring(0, q), request);
        } catch (RuntimeException e) {
            reply = Reply.error(500, "fake judge internal error: " + e, "server_error", null);
        }
        return response(reply);
    }

    static ResponseDefinition response(Reply reply) {
        ResponseDefinitionBuilder b = ResponseDefinitionBuilder.responseDefinition()
                .withStatus(reply.status())
                .withBody(reply.body());
        reply.headers().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(h -> b.withHeader(h.getKey(), h.getValue()));
        if (reply.cutOff()) {
            b.withFault(Fault.MALFORMED_RESPONSE_CHUNK);
        }
        if (reply.delayMillis() > 0) {
            b.withFixedDelay(reply.delayMillis());
        }
        return b.build();
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public String getName() {
        return NAME;
    }
}
