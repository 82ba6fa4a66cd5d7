package dev.iolab.upload.support;

import dev.iolab.upload.system.UploadProperties;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@link UploadProperties} as Boot binds them: the documented defaults, with some {@code upload.*} values set. */
public final class TestProperties {

    private TestProperties() {}

    /** @param settings {@code key=value} pairs, keys without the {@code upload.} prefix */
    public static UploadProperties with(String... settings) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String setting : settings) {
            int equals = setting.indexOf('=');
            map.put("upload." + setting.substring(0, equals), setting.substring(equals + 1));
        }
        return new Binder(new MapConfigurationPropertySource(map)).bindOrCreate("upload", UploadProperties.class);
    }
}
