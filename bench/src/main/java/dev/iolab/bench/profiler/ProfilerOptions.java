package dev.iolab.bench.profiler;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.profile.ProfilerException;

/**
 * A profiler's options as JMH passes them: the text after the first colon of {@code -prof NAME:OPTIONS}, here
 * {@code key=value} pairs separated by {@code ;} or {@code ,} (e.g. {@code -prof ...SyscallProfiler:threads=process}).
 * Unknown keys and malformed pairs are errors that name what is accepted, so a typo never silently falls back to a
 * default.
 */
final class ProfilerOptions {

    private final String profiler;
    private final Map<String, String> values;

    private ProfilerOptions(String profiler, Map<String, String> values) {
        this.profiler = profiler;
        this.values = values;
    }

    /**
     * Parses {@code initLine} (empty or {@code null} for none), accepting only {@code allowedKeys}.
     *
     * @throws ProfilerException naming the bad pair and the accepted keys
     */
    static ProfilerOptions parse(String profiler, String initLine, Set<String> allowedKeys) throws ProfilerException {
        Map<String, String> values = new LinkedHashMap<>();
        if (initLine != null && !initLine.isBlank()) {
            for (String pair : initLine.split("[;,]")) {
                if (pair.isBlank()) {
                    continue;
                }
                int equals = pair.indexOf('=');
                String key =
                        equals < 0 ? pair.trim() : pair.substring(0, equals).trim();
                if (equals < 0 || !allowedKeys.contains(key)) {
                    throw new ProfilerException(profiler + ": cannot use option '" + pair.trim() + "'; options are "
                            + String.join(", ", allowedKeys.stream().sorted().toList()) + " as key=value");
                }
                values.put(key, pair.substring(equals + 1).trim());
            }
        }
        return new ProfilerOptions(profiler, values);
    }

    /** The value of {@code key} as a constant of {@code type} (case-insensitive), or {@code fallback} if absent. */
    <E extends Enum<E>> E choice(String key, Class<E> type, E fallback) throws ProfilerException {
        String value = values.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            StringBuilder allowed = new StringBuilder();
            for (E constant : type.getEnumConstants()) {
                allowed.append(allowed.isEmpty() ? "" : ", ")
                        .append(constant.name().toLowerCase(Locale.ROOT));
            }
            throw new ProfilerException(profiler + ": " + key + "=" + value + " is not one of " + allowed + " (default "
                    + fallback.name().toLowerCase(Locale.ROOT) + ")");
        }
    }

    /** The value of {@code key}, or {@code fallback} if absent. */
    String text(String key, String fallback) {
        return values.getOrDefault(key, fallback);
    }
}
