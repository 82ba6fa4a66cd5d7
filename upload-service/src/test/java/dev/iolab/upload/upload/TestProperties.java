package dev.iolab.upload.upload;

import dev.iolab.upload.system.UploadProperties;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@link UploadProperties} as Boot binds them: the documented defaults, with some {@code upload.*} values set. */
final class TestProperties {

    private TestProperties() {}

    /** @param settings {@code key=value} pairs, keys without the {@code upload.} prefix */
    static UploadProperties with(String... settings) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String setting : settings) {
            int equals = setting.indexOf('=');
            map.put("upload." + setting.substring(0, equals), setting.substring(equals + 1));
        }
        return new Binder(new MapConfigurationPropertySource(map)).bindOrCreate("upload", UploadProperties.class);
    }
}
