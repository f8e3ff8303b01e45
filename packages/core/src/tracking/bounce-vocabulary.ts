/**
 * Words of delivery notices beyond the corpus they were first written from: the product's seven languages
 * (English, French, German, Spanish, Vietnamese, Japanese, Chinese), their neighbours, and the prose of
 * the common server families. Used by the rules of `bounce-rules.ts`.
 */

/**
 * Words only a delivery notice uses about a message it failed to deliver, in the product's seven languages
 * and the common server families' prose (Exchange 5.x, Lotus Notes, qmail, Sendmail, Postfix, mail
 * gateways). With a failed recipient's address and the returned message, they make a bounce whoever sends
 * it and whatever its subject (RFC 3464 section 2: a notice is its recipient, its status and the returned
 * content; old servers wrote the three in prose).
 */
export const NOTICE_WORDS =
  /could not be delivered|couldn't be delivered|can(no|')?t be delivered|can not be delivered|could not be sent to|was not distributed|undeliverable|undelivered|was not delivered|has not (yet )?been delivered|did not reach (some or all of )?the (intended )?recipients?|wasn't delivered|not (been )?delivered to|delivery (to the following recipients? )?(has )?failed|failed to deliver|unable to deliver|could not deliver|permanent (fatal )?errors?|error during delivery|delivery (to \S+ )?(error|failure) (notice|report)|returned mail|mailbox quota|(user|recipient|address) unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|mailbox unavailable|n'a pas pu être (remis|distribu|délivr)|non (remis|distribu)|impossible de (remettre|distribuer)|konnte nicht (zugestellt|ausgeliefert) werden|nicht zustellbar|unzustellbar|no (se )?(ha )?pod(ido|ía|ia) (ser )?entrega|no se pudo entregar|no entregado|không thể (gửi|chuyển|phát)|gửi thư (không thành công|thất bại)|配信できませんでした|送信できませんでした|届けられませんでした|配送できません|无法(投递|送达|发送)|無法(投遞|送達|傳送)|投递失败|退信/i;

/** An account suspended, disabled or closed by its provider, in the product's seven languages and Polish. */
export const SUSPENDED =
  /account (is |has been )?(disabled|suspended|locked|frozen|blocked|deactivated|inactive|closed)|(disabled|suspended|deactivated|inactive) (recipient|account|mailbox|user|e-?mail address)|temporar(il)?y locked|recipient account is blocked|mailbox (is )?(disabled|frozen|suspended|deactivated|inactive|locked)|(user|mailbox|account) (currently )?suspended|is a deactivated mailbox|\[suspend\]|compte (du destinataire )?(est )?(bloqu|d[ée]sactiv|suspendu)|konto (ist )?(gesperrt|deaktiviert|gel[öo]scht)|postfach (ist )?(gesperrt|deaktiviert)|cuenta (est[aá] )?(desactivada|suspendida|bloqueada|inactiva)|buz[oó]n (est[aá] )?(desactivado|suspendido|bloqueado|inactivo)|konto (jest )?(niedost[eę]pne|zablokowane|nieaktywne)|t[àa]i kho[ảa]n (đã )?(bị )?(khóa|vô hiệu hóa|tạm ngưng|ngừng hoạt động)|アカウント(は|が)?(停止|無効|凍結|ロック)|账户(已)?(被)?(停用|冻结|禁用|锁定)|帳戶(已)?(被)?(停用|凍結|禁用|鎖定)|邮箱(已)?(被)?(停用|冻结|禁用)/i;

/**
 * "This address does not exist" beyond English: French, German, Spanish, Vietnamese, Japanese, Chinese
 * (the product's languages), Portuguese, Italian, Dutch and Polish (BounceParser's polish-unknown
 * sample writes 'Odbiorca ... nie istnieje').
 */
export const MAILBOX_UNKNOWN_WORLDWIDE =
  /(adresse|destinataire|utilisateur|bo[iî]te (aux lettres|mail)|compte)[^\n]{0,60}?(n'existe pas|inexistant|inconnu)|(empf[äa]nger|adresse|benutzer|postfach|mailbox|konto)[^\n]{0,60}?(existiert nicht|nicht vorhanden|unbekannt|nicht gefunden)|(usuario|destinatario|direcci[oó]n|buz[oó]n|cuenta)[^\n]{0,60}?(no existe|desconocid|inexistente|no encontrad)|(địa chỉ|người nhận|người dùng|hộp thư|tài khoản)[^\n]{0,60}?(không tồn tại|không hợp lệ|không xác định)|(ユーザ|宛先|アドレス|メールボックス|アカウント)[^。\n]{0,30}(存在しません|見つかりません|不明)|宛先不明|(用户|收件人|地址|邮箱|帐户|账户|帳戶|用戶|信箱)[^。\n]{0,20}(不存在|未找到|无效|無效)|(destinat[aá]rio|usu[aá]rio|endere[cç]o|caixa postal)[^\n]{0,60}?(n[aã]o existe|desconhecido|inexistente)|(utente|destinatario|indirizzo|casella)[^\n]{0,60}?(non esiste|sconosciut|inesistente)|(gebruiker|ontvanger|adres|mailbox)[^\n]{0,60}?(bestaat niet|onbekend)|(odbiorca|u[żz]ytkownik|adres|skrzynka|konto)[^\n]{0,60}?(nie istnieje|nieznany|nieznana)|nie ma takiego (u[żz]ytkownika|konta|adresu)/i;
