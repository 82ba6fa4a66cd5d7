package dev.iolab.loadtest.scale;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HAProxy's access log ({@code option httplog}, one line per request when it ends): which replica served which upload.
 * A line reads {@code 127.0.1.7:41234 [27/Nov/2026:04:37:14.272] uploads upload-service/replica-1 0/0/3/108/112 201 277
 * - - ---- 1/1/0/0/0 0/0 "PUT /uploads/a-7.bin?strategy=temp-file HTTP/1.1"}.
 */
final class HaproxyLog {

    private static final Pattern LINE = Pattern.compile(
            "^\\S+ \\[[^]]+] uploads upload-service/(\\S+) \\S+ -?\\d+ .*\"[A-Z]+ /uploads/([^/?\" ]+)(/[a-z]+)?[?\" ]");

    private HaproxyLog() {}

    /**
     * The replica HAProxy sent each upload to, by blob name; for valet-key requests ({@code /uploads/x/complete}) the
     * key is {@code x/complete}. When a name occurs more than once, the last line wins.
     */
    static Map<String, String> replicas(Path log) throws IOException {
        Map<String, String> byName = new HashMap<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                String key = m.group(3) == null ? m.group(2) : m.group(2) + m.group(3);
                byName.put(key, m.group(1));
            }
        }
        return byName;
    }
}
