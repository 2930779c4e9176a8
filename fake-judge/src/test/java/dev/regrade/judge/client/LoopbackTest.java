package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which base URLs name this machine (and so need no API key). */
class LoopbackTest {
    @Test
    void loopbackHostsByTheUrlAlone() {
        for (String url : new String[] {"http://127.0.0.1:8765/v1", "http://localhost:8000/v1", "http://LOCALHOST/v1",
            "http://127.9.8.7/v1", "http://[::1]:9000/v1", " http://127.0.0.1/v1"}) {
            assertTrue(HttpJudgeConfig.isLoopback(url), url);
        }
        for (String url : new String[] {"https://api.openai.com/v1", "http://127.0.0.1.example.test/v1",
            "http://128.0.0.1/v1", "http://127.0.0.256/v1", "http://10.0.0.1/v1", "not a url", "http:///v1"}) {
            assertFalse(HttpJudgeConfig.isLoopback(url), url);
        }
    }
}
