package dev.regrade.judge.server;

import com.github.tomakehurst.wiremock.common.Notifier;
import com.github.tomakehurst.wiremock.standalone.MappingsSource;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.stubbing.StubMappings;
import java.util.List;

/** WireMock seams the fake judge silences: no console notifier, no stub files read or written. */
final class QuietWireMock {
    private QuietWireMock() {
    }

    /** Discards WireMock's notices, which would otherwise go to stdout/stderr. */
    static final class SilentNotifier implements Notifier {
        @Override
        public void info(String message) {
        }

        @Override
        public void error(String message) {
        }

        @Override
        public void error(String message, Throwable t) {
        }
    }

    /** Loads no stub files (WireMock would read {@code ./mappings}) and saves none. */
    static final class NoMappings implements MappingsSource {
        @Override
        public void loadMappingsInto(StubMappings stubMappings) {
        }

        @Override
        public void save(List<StubMapping> stubMappings) {
        }

        @Override
        public void save(StubMapping stubMapping) {
        }

        @Override
        @SuppressWarnings("removal") // abstract in WireMock 3.13 although marked for removal
        public void remove(StubMapping stubMapping) {
        }

        @Override
        public void removeAll() {
        }
    }
}
