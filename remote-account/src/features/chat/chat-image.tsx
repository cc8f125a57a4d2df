import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, queryKeys } from '@pod/shared-contracts';
import { getChatImage } from './api/get-chat-image';
import styles from './chat-panel.module.css';

/** An object URL for `blob` while it is shown, revoked when the blob changes or the image goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

/**
 * A chat image: fetched from the API host with the bearer token (GET /chat/user/image/{name})
 * as a Blob, cached under its name (an image never changes), shown through an object URL
 * (the portal's CSP allows `img-src blob:`). An SVG in an `<img>` never runs scripts.
 */
export function ChatImage({ name, alt }: { name: string; alt: string }) {
  const image = useQuery({
    queryKey: queryKeys.chatImage(name),
    queryFn: () => getChatImage(name),
    staleTime: Infinity,
  });
  const url = useObjectUrl(image.data);
  if (image.isError) {
    return (
      <p className={styles.imageNote}>
        The image could not be loaded.{' '}
        <Button variant="link" onClick={() => void image.refetch()}>
          Retry loading the image
        </Button>
      </p>
    );
  }
  if (!url) return <p className={styles.imageNote}>Loading the image…</p>;
  return <img className={styles.image} src={url} alt={alt} />;
}
