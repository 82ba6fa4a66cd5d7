package dev.iolab.upload.support;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The service's {@code @ConfigurationProperties} records as Boot binds them: the documented defaults, with some
 * {@code upload.*} values set.
 */
public final class TestProperties {

    private final Binder binder;

    private TestProperties(Binder binder) {
        this.binder = binder;
    }

    /** @param settings {@code key=value} pairs, keys without the {@code upload.} prefix */
    public static TestProperties with(String... settings) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String setting : settings) {
            int equals = setting.indexOf('=');
            map.put("upload." + setting.substring(0, equals), setting.substring(equals + 1));
        }
        return new TestProperties(new Binder(new MapConfigurationPropertySource(map)));
    }

    /** A record bound at the prefix its {@code @ConfigurationProperties} names. */
    public <T> T bind(Class<T> type) {
        ConfigurationProperties annotation = type.getAnnotation(ConfigurationProperties.class);
        String prefix = annotation.prefix().isEmpty() ? annotation.value() : annotation.prefix();
        return binder.bindOrCreate(prefix, type);
    }
}
