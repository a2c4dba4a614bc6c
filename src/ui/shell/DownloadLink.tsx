import { useEffect, useState } from 'react';

/**
 * A link that downloads `text` as a file, made on this page (a Blob and an object URL; no
 * network). For what the browser could not keep: storage full, a copy another tab replaced.
 */
export function DownloadLink({
  text,
  name,
  label,
  type = 'text/plain',
}: {
  text: string;
  name: string;
  label: string;
  type?: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(new Blob([text], { type }));
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [text, type]);
  if (!url) return null;
  return (
    <a className="button small-button" href={url} download={name} data-testid="download-kept">
      {label}
    </a>
  );
}
