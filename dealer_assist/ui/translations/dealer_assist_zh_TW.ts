<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>AlertPanel</name>
    <message>
        <source>HOLD: NO CARD UNTIL THIS IS RESOLVED</source>
        <translation>暫停：處理完畢前不可發牌</translation>
    </message>
    <message>
        <source>NOTE</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>The table&apos;s words (for IT): %1</source>
        <translation>牌桌原文（供 IT 參考）：%1</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>處理方法：</translation>
    </message>
    <message>
        <source>%1 more alert(s) after this one</source>
        <translation>之後還有 %1 個警示</translation>
    </message>
    <message>
        <source>%1 (PIN)</source>
        <translation>%1（密碼）</translation>
    </message>
</context>
<context>
    <name>BankPanel</name>
    <message>
        <source>Touch a seat</source>
        <translation>請點選座位</translation>
    </message>
    <message>
        <source>Seat %1 · %2</source>
        <translation>%1 號位 · %2</translation>
    </message>
    <message>
        <source>Seat %1 · empty</source>
        <translation>%1 號位 · 空位</translation>
    </message>
    <message>
        <source>Sit a player…</source>
        <translation>入座…</translation>
    </message>
    <message>
        <source>Leaves</source>
        <translation>離座</translation>
    </message>
    <message>
        <source>Give the shoe</source>
        <translation>交付牌靴</translation>
    </message>
    <message>
        <source>Put up the bank…</source>
        <translation>設莊…</translation>
    </message>
    <message>
        <source>Declines the bank</source>
        <translation>不做莊</translation>
    </message>
    <message>
        <source>Banco</source>
        <translation>Banco 全押</translation>
    </message>
    <message>
        <source>Banco Suivi</source>
        <translation>Banco Suivi 續押</translation>
    </message>
    <message>
        <source>Suivi</source>
        <translation>Suivi 續押</translation>
    </message>
    <message>
        <source>Withdraws the call</source>
        <translation>撤回叫注</translation>
    </message>
    <message>
        <source>Stake…</source>
        <translation>下注…</translation>
    </message>
    <message>
        <source>Passes</source>
        <translation>不下注</translation>
    </message>
    <message>
        <source>Bids…</source>
        <translation>競投…</translation>
    </message>
    <message>
        <source>Name on the list</source>
        <translation>登記名單</translation>
    </message>
    <message>
        <source>Right…</source>
        <translation>右門…</translation>
    </message>
    <message>
        <source>Left…</source>
        <translation>左門…</translation>
    </message>
    <message>
        <source>À cheval…</source>
        <translation>跨注…</translation>
    </message>
    <message>
        <source>Close the calls</source>
        <translation>截止叫注</translation>
    </message>
    <message>
        <source>Bid by name…</source>
        <translation>記名競投…</translation>
    </message>
    <message>
        <source>Close the auction</source>
        <translation>結束競投</translation>
    </message>
    <message>
        <source>Add a name…</source>
        <translation>加入名單…</translation>
    </message>
    <message>
        <source>Seated stakes closed</source>
        <translation>座上下注截止</translation>
    </message>
    <message>
        <source>Bystander stakes…</source>
        <translation>旁注…</translation>
    </message>
    <message>
        <source>I pass the deal</source>
        <translation>讓莊</translation>
    </message>
    <message>
        <source>Banker retires</source>
        <translation>莊家退莊</translation>
    </message>
    <message>
        <source>Takes the bank at %1</source>
        <translation>以 %1 接莊</translation>
    </message>
    <message>
        <source>Covers %1</source>
        <translation>承接 %1</translation>
    </message>
    <message>
        <source>Shuffled by the croupier</source>
        <translation>荷官已洗牌</translation>
    </message>
    <message>
        <source>Shuffled by %1</source>
        <translation>%1 已洗牌</translation>
    </message>
    <message>
        <source>Cut by… (the banker names)</source>
        <translation>切牌者…（由莊家指定）</translation>
    </message>
    <message>
        <source>Cut the fresh supply</source>
        <translation>切新牌</translation>
    </message>
    <message>
        <source>No more bets · %1 stays in the bank</source>
        <translation>停止下注 · %1 留在莊中</translation>
    </message>
    <message>
        <source>No more bets · banker withdraws %1</source>
        <translation>停止下注 · 莊家收回 %1</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>%1 takes the bank…</source>
        <translation>%1 坐莊…</translation>
    </message>
    <message>
        <source>%1 declines</source>
        <translation>%1 放棄</translation>
    </message>
    <message>
        <source>Withdraw %1 %2</source>
        <translation>撤回 %1 %2</translation>
    </message>
    <message>
        <source>Withdraws stake</source>
        <translation>撤回注碼</translation>
    </message>
    <message>
        <source>Withdraw a bystander</source>
        <translation>撤回旁注</translation>
    </message>
    <message>
        <source>seat %1 %2</source>
        <translation>%1 號位 %2</translation>
    </message>
    <message>
        <source>seat %1</source>
        <translation>%1 號位</translation>
    </message>
    <message>
        <source>BANK %1 · held by %2</source>
        <translation>莊本 %1 · %2 坐莊</translation>
    </message>
    <message>
        <source>No bank · %1 may take it at %2 (the deal was passed)</source>
        <translation>無莊 · %1 可以 %2 接莊（上一莊已讓莊）</translation>
    </message>
    <message>
        <source>No bank · the shoe is offered to %1</source>
        <translation>無莊 · 牌靴交給 %1</translation>
    </message>
    <message>
        <source>No bank · the croupier gives the shoe to a seat</source>
        <translation>無莊 · 請荷官把牌靴交給一個座位</translation>
    </message>
    <message>
        <source>%1 puts up the bank, or declines it</source>
        <translation>%1 設莊或放棄</translation>
    </message>
    <message>
        <source>Seat the players, then give the shoe</source>
        <translation>先安排入座，再交付牌靴</translation>
    </message>
    <message>
        <source>Calls: %1 may follow first (Banco Suivi); Banco %2 from seats %3</source>
        <translation>叫注：%1 可優先續押（Banco Suivi）；%3 號位可 Banco %2</translation>
    </message>
    <message>
        <source>Calls: Banco %1 from seats %2; then close the calls</source>
        <translation>叫注：%2 號位可 Banco %1；然後截止叫注</translation>
    </message>
    <message>
        <source>%1 holds the whole bank (%2): no more bets</source>
        <translation>%1 承接全部莊本（%2）：停止下注</translation>
    </message>
    <message>
        <source>Coverage from the banker&apos;s right: %1&apos;s turn, up to %2</source>
        <translation>由莊家右方起承接：輪到 %1，最多 %2</translation>
    </message>
    <message>
        <source>Coverage: any punter may add up to %1</source>
        <translation>承接：任何閒家可再加最多 %1</translation>
    </message>
    <message>
        <source>The bank is covered: no more bets</source>
        <translation>莊本已全數承接：停止下注</translation>
    </message>
    <message>
        <source>No more bets: deal the coup</source>
        <translation>停止下注：請發牌</translation>
    </message>
    <message>
        <source>Calls: %1</source>
        <translation>叫注：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>Coverage: %1 · covered %2 · uncovered %3</source>
        <translation>承接：%1 · 已承接 %2 · 未承接 %3</translation>
    </message>
    <message>
        <source>Decisions: Player hand, %1 (largest stake) · Banker, %2 (the banker)</source>
        <translation>決定：閒家牌由 %1（最大注）· 莊家牌由 %2（莊家）</translation>
    </message>
    <message>
        <source>May stake now: %1</source>
        <translation>現可下注：%1</translation>
    </message>
    <message>
        <source>the punters win</source>
        <translation>閒家贏</translation>
    </message>
    <message>
        <source>the bank wins</source>
        <translation>莊家贏</translation>
    </message>
    <message>
        <source>stand-off, stakes returned</source>
        <translation>和局，退回注碼</translation>
    </message>
    <message>
        <source>Last coup: %1 · %2 · bank %3 → %4 · cagnotte %5</source>
        <translation>上一局：%1 · %2 · 莊本 %3 → %4 · 抽水 %5</translation>
    </message>
    <message>
        <source>the bank passes</source>
        <translation>換莊</translation>
    </message>
    <message>
        <source>No bank · highest bid %1 by %2</source>
        <translation>無莊 · 最高出價 %1（%2）</translation>
    </message>
    <message>
        <source>No bank · auction: who will risk the most?</source>
        <translation>無莊 · 競投：誰出最高莊本？</translation>
    </message>
    <message>
        <source>No bank · offered to %1, first on the list</source>
        <translation>無莊 · 交給名單首位 %1</translation>
    </message>
    <message>
        <source>No bank · put names on the list</source>
        <translation>無莊 · 請登記名單</translation>
    </message>
    <message>
        <source>Auction · bids: %1</source>
        <translation>競投 · 出價：%1</translation>
    </message>
    <message>
        <source>List: %1</source>
        <translation>名單：%1</translation>
    </message>
    <message>
        <source>Seated punters stake on their tableau or à cheval, up to %1</source>
        <translation>座上閒家可押本門或跨注，最多 %1</translation>
    </message>
    <message>
        <source>Bystanders may stake up to %1, on either side or à cheval</source>
        <translation>旁注者可押任一門或跨注，最多 %1</translation>
    </message>
    <message>
        <source>Bystander stakes: %1</source>
        <translation>旁注：%1</translation>
    </message>
    <message>
        <source>Stakes: %1</source>
        <translation>注碼：%1</translation>
    </message>
    <message>
        <source>Right %1 · Left %2 · covered %3 · uncovered %4</source>
        <translation>右門 %1 · 左門 %2 · 已承接 %3 · 未承接 %4</translation>
    </message>
    <message>
        <source>the croupier</source>
        <translation>荷官</translation>
    </message>
    <message>
        <source>Decisions: Right hand, %1 · Left hand, %2 · Banker, %3</source>
        <translation>決定：右門牌由 %1 · 左門牌由 %2 · 莊家牌由 %3</translation>
    </message>
    <message>
        <source>%1 (seat %2)</source>
        <translation>%1（%2 號位）</translation>
    </message>
    <message>
        <source>%1 (bystander)</source>
        <translation>%1（旁注）</translation>
    </message>
    <message>
        <source>wins</source>
        <translation>贏</translation>
    </message>
    <message>
        <source>loses</source>
        <translation>輸</translation>
    </message>
    <message>
        <source>stands off</source>
        <translation>和</translation>
    </message>
    <message>
        <source>Last coup: Right %1, Left %2 · %3 · bank %4 → %5 · house %6</source>
        <translation>上一局：右門%1，左門%2 · %3 · 莊本 %4 → %5 · 抽水 %6</translation>
    </message>
    <message>
        <source>the bank is exhausted</source>
        <translation>莊本輸光</translation>
    </message>
</context>
<context>
    <name>BetKeypadDialog</name>
    <message>
        <source>Bet</source>
        <translation>下注</translation>
    </message>
    <message>
        <source>Seat %1: bet</source>
        <translation>%1 號位：下注</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Place bet</source>
        <translation>確認下注</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
</context>
<context>
    <name>BetPanel</name>
    <message>
        <source>Seat %1</source>
        <translation>%1 號位</translation>
    </message>
    <message>
        <source>Touch a seat</source>
        <translation>請點選座位</translation>
    </message>
    <message>
        <source>Keypad</source>
        <translation>數字鍵</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>重複上局</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
</context>
<context>
    <name>CardPickerDialog</name>
    <message>
        <source>Card</source>
        <translation>牌</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>確定</translation>
    </message>
</context>
<context>
    <name>CorrectCardDialog</name>
    <message>
        <source>Correct a card</source>
        <translation>更正牌</translation>
    </message>
    <message>
        <source>Which card was misread?</source>
        <translation>哪一張牌讀錯了？</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>CountsPanel</name>
    <message>
        <source>Banker pairs</source>
        <translation>莊對</translation>
    </message>
    <message>
        <source>Player pairs</source>
        <translation>閒對</translation>
    </message>
    <message>
        <source>Naturals</source>
        <translation>例牌</translation>
    </message>
    <message>
        <source>Coups</source>
        <translation>局數</translation>
    </message>
</context>
<context>
    <name>CroupierWindow</name>
    <message>
        <source>Seat %1 decides</source>
        <translation>由 %1 號位決定</translation>
    </message>
    <message>
        <source>%1 decides</source>
        <translation>由 %1 決定</translation>
    </message>
    <message>
        <source>Shoe %1</source>
        <translation>第 %1 靴</translation>
    </message>
    <message>
        <source>Coup %1</source>
        <translation>第 %1 局</translation>
    </message>
    <message>
        <source>%1 cards left</source>
        <translation>剩 %1 張</translation>
    </message>
    <message>
        <source>LAST COUP (%1)</source>
        <translation>最後一局（%1）</translation>
    </message>
    <message>
        <source>Cut card out: last coup %1</source>
        <translation>切牌卡已出：最後一局 %1</translation>
    </message>
    <message>
        <source>%1 DRAWS</source>
        <translation>%1補牌</translation>
    </message>
    <message>
        <source>%1 STANDS</source>
        <translation>%1停牌</translation>
    </message>
    <message>
        <source>Cagnotte: %1</source>
        <translation>抽水：%1</translation>
    </message>
    <message>
        <source>House: %1</source>
        <translation>場方抽成：%1</translation>
    </message>
    <message>
        <source>Commission boxes: %1</source>
        <translation>佣金盒合計：%1</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>牌局回顧</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>主管</translation>
    </message>
    <message>
        <source>Scoreboard</source>
        <translation>路單</translation>
    </message>
    <message>
        <source>Next coup</source>
        <translation>下一局</translation>
    </message>
    <message>
        <source>New shoe</source>
        <translation>新牌靴</translation>
    </message>
    <message>
        <source>Cut card out</source>
        <translation>切牌卡出現</translation>
    </message>
    <message>
        <source>Exposed card</source>
        <translation>牌面外露</translation>
    </message>
    <message>
        <source>Touch a seat first</source>
        <translation>請先點選座位</translation>
    </message>
    <message>
        <source>The player&apos;s name</source>
        <translation>玩家姓名</translation>
    </message>
    <message>
        <source>Who bids for the bank?</source>
        <translation>誰競投莊家？</translation>
    </message>
    <message>
        <source>The bystander&apos;s name</source>
        <translation>旁注者姓名</translation>
    </message>
    <message>
        <source>Seat %1: the player&apos;s name</source>
        <translation>%1 號位：玩家姓名</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 號位</translation>
    </message>
    <message>
        <source>%1 puts up a bank of:</source>
        <translation>%1 設莊金額：</translation>
    </message>
    <message>
        <source>%1 will risk for the bank:</source>
        <translation>%1 競投莊本：</translation>
    </message>
    <message>
        <source>%1 stakes:</source>
        <translation>%1 下注：</translation>
    </message>
    <message>
        <source>Supervisor actions</source>
        <translation>主管操作</translation>
    </message>
    <message>
        <source>Card %1 (read as %2) is really:</source>
        <translation>第 %1 張牌（讀作 %2）實際是：</translation>
    </message>
    <message>
        <source>Key in the card</source>
        <translation>輸入這張牌</translation>
    </message>
</context>
<context>
    <name>HandPanel</name>
    <message>
        <source>NATURAL</source>
        <translation>例牌</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>開牌</translation>
    </message>
</context>
<context>
    <name>Initials</name>
    <message>
        <source>B</source>
        <translation>莊</translation>
    </message>
    <message>
        <source>P</source>
        <translation>閒</translation>
    </message>
    <message>
        <source>T</source>
        <translation>和</translation>
    </message>
</context>
<context>
    <name>Models</name>
    <message>
        <source>%1 win · pay %2</source>
        <extracomment>The snapshot view behind a row (SeatView, AlertView, CoupSummary, ...). The immutable view a row of a model shows.</extracomment>
        <translation>%1 贏 · 派 %2</translation>
    </message>
    <message>
        <source>%1 lose · take %2</source>
        <translation>%1 輸 · 收 %2</translation>
    </message>
    <message>
        <source>%1 push</source>
        <translation>%1 退還</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Bets</source>
        <translation>注碼</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Payout</source>
        <translation>派彩</translation>
    </message>
    <message>
        <source>Commission</source>
        <translation>佣金</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>佣金盒</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>警示</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>設備</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>void</source>
        <translation>作廢</translation>
    </message>
    <message>
        <source>Shoe %1, coup %2: %3 %4</source>
        <translation>第 %1 靴第 %2 局：%3 %4</translation>
    </message>
    <message>
        <source>Coup</source>
        <translation>牌局</translation>
    </message>
    <message>
        <source>Bet</source>
        <translation>下注</translation>
    </message>
    <message>
        <source>Stake</source>
        <translation>注額</translation>
    </message>
    <message>
        <source>Net</source>
        <translation>淨額</translation>
    </message>
</context>
<context>
    <name>NameDialog</name>
    <message>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
</context>
<context>
    <name>PinDialog</name>
    <message>
        <source>Supervisor PIN</source>
        <translation>主管密碼</translation>
    </message>
    <message>
        <source>Supervisor PIN for: %1</source>
        <translation>主管密碼：%1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Too many wrong PINs: this role is locked until %1. A technician can set its PIN again.</source>
        <translation>密碼錯誤次數過多：此角色已鎖定至 %1。技術人員可重新設定其密碼。</translation>
    </message>
    <message>
        <source>The PIN file was changed outside the table or cannot be read: every PIN is refused. Call a technician: restore the PIN file from the backup, or set the PINs again.</source>
        <translation>密碼檔案已在牌桌之外被更改或無法讀取：所有密碼一律拒絕。請通知技術人員：從備份還原密碼檔案，或重新設定密碼。</translation>
    </message>
    <message>
        <source>No PIN is set for this role. IT sets it with: %1</source>
        <translation>此角色尚未設定密碼。IT 以下列指令設定：%1</translation>
    </message>
    <message>
        <source>This table deals real cards and has no PIN file: supervisor actions are refused. IT gives the table a journal key ([journal] key) and sets the PINs with: %1</source>
        <translation>此牌桌讀取真實的牌，但沒有密碼檔案：主管操作一律拒絕。IT 為牌桌設定日誌金鑰（[journal] key），並以下列指令設定密碼：%1</translation>
    </message>
    <message>
        <source>Wrong PIN</source>
        <translation>密碼錯誤</translation>
    </message>
</context>
<context>
    <name>PitDetail</name>
    <message>
        <source>Last %1 coups</source>
        <translation>最近 %1 局</translation>
    </message>
    <message>
        <source>Advantage play this shoe</source>
        <translation>本靴優勢投注</translation>
    </message>
    <message>
        <source>Alert history</source>
        <translation>警示紀錄</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>設備</translation>
    </message>
    <message>
        <source>◀ All tables</source>
        <translation>◀ 全部牌桌</translation>
    </message>
    <message>
        <source>Message to the croupier</source>
        <translation>給荷官的訊息</translation>
    </message>
    <message>
        <source>Type a message</source>
        <translation>輸入訊息</translation>
    </message>
    <message>
        <source>Send…</source>
        <translation>傳送…</translation>
    </message>
    <message>
        <source>This shoe</source>
        <translation>本靴</translation>
    </message>
    <message>
        <source>Coups %1</source>
        <translation>局數 %1</translation>
    </message>
    <message>
        <source>Coups %1 · Banker %2 · Player %3 · Tie %4</source>
        <translation>局數 %1 · 莊 %2 · 閒 %3 · 和 %4</translation>
    </message>
    <message>
        <source>%1 hands/hour</source>
        <translation>每小時 %1 局</translation>
    </message>
    <message>
        <source>House result %1 · commission %2</source>
        <translation>莊家輸贏 %1 · 佣金 %2</translation>
    </message>
    <message>
        <source>natural</source>
        <translation>天牌</translation>
    </message>
    <message>
        <source>no coup yet</source>
        <translation>尚未開局</translation>
    </message>
    <message>
        <source>%1 cards left</source>
        <translation>剩 %1 張</translation>
    </message>
    <message>
        <source>No bet favours the players in this shoe</source>
        <translation>本靴沒有對玩家有利的投注</translation>
    </message>
    <message>
        <source>%1 wins</source>
        <translation>%1贏</translation>
    </message>
    <message>
        <source>%1 loses</source>
        <translation>%1輸</translation>
    </message>
    <message>
        <source>%1 stands off</source>
        <translation>%1和</translation>
    </message>
    <message>
        <source>%1: won %2 · lost %3 · stood off %4</source>
        <translation>%1：贏 %2 · 輸 %3 · 和 %4</translation>
    </message>
    <message>
        <source>No roads at Banque: roads are for Punto Banco and Chemin de Fer</source>
        <translation>銀行百家樂不畫路單：路單只用於傳統百家樂與鐵路百家樂</translation>
    </message>
    <message>
        <source>open</source>
        <translation>未處理</translation>
    </message>
    <message>
        <source>acknowledged %1</source>
        <translation>已確認 %1</translation>
    </message>
    <message>
        <source>resolved (%1) %2</source>
        <translation>已處理（%1）%2</translation>
    </message>
    <message>
        <source>No alert this shift</source>
        <translation>本班沒有警示</translation>
    </message>
    <message>
        <source>since %1</source>
        <translation>自 %1</translation>
    </message>
    <message>
        <source>lost %1 times this shift</source>
        <translation>本班中斷 %1 次</translation>
    </message>
    <message>
        <source>No device reported</source>
        <translation>未回報設備</translation>
    </message>
    <message>
        <source>journaled by the table</source>
        <translation>牌桌已記錄</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>已傳送</translation>
    </message>
</context>
<context>
    <name>PitTile</name>
    <message>
        <source>limits %1</source>
        <translation>限紅 %1</translation>
    </message>
    <message>
        <source>OFFLINE since %1</source>
        <translation>離線，自 %1</translation>
    </message>
    <message>
        <source>silent since %1</source>
        <translation>無訊息，自 %1</translation>
    </message>
    <message>
        <source>online since %1</source>
        <translation>在線，自 %1</translation>
    </message>
    <message>
        <source>shoe %1 · coup %2 · %3 cards left</source>
        <translation>第 %1 靴 · 第 %2 局 · 剩 %3 張</translation>
    </message>
    <message>
        <source>no coup yet</source>
        <translation>尚未開局</translation>
    </message>
    <message>
        <source>%1 hands/hour</source>
        <translation>每小時 %1 局</translation>
    </message>
    <message>
        <source>- hands/hour</source>
        <translation>每小時 - 局</translation>
    </message>
    <message>
        <source>Banker</source>
        <extracomment>A table heard from less recently than this (online, but silent) is shown as silent. How often (seconds) the screen looks for the tables that fell silent. The shortest time (seconds) between two refreshes: a display&apos;s frame (60 Hz). Messages that come within a frame are drawn together, the first of them at most a frame late.</extracomment>
        <translation>莊</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>閒</translation>
    </message>
    <message>
        <source>Tie</source>
        <translation>和</translation>
    </message>
</context>
<context>
    <name>PitWindow</name>
    <message>
        <source>Acknowledge…</source>
        <translation>確認…</translation>
    </message>
    <message>
        <source>Shift report (CSV)…</source>
        <translation>班次報表（CSV）…</translation>
    </message>
    <message>
        <source>Sending needs the pit boss&apos;s PINs (--pins and --pin-key-file)</source>
        <translation>傳送訊息需要巡場主管的密碼（--pins 與 --pin-key-file）</translation>
    </message>
    <message>
        <source>Acknowledge an alert</source>
        <translation>確認警示</translation>
    </message>
    <message>
        <source>%1 is offline: the message was not sent</source>
        <translation>%1 離線：訊息未傳送</translation>
    </message>
    <message>
        <source>Type the message first</source>
        <translation>請先輸入訊息</translation>
    </message>
    <message>
        <source>A message is 1 to %1 printable characters</source>
        <translation>訊息須為 1 至 %1 個可顯示字元</translation>
    </message>
    <message>
        <source>Send a message to the croupier</source>
        <translation>傳送訊息給荷官</translation>
    </message>
    <message>
        <source>dealer-assist · the pit</source>
        <translation>dealer-assist · 巡場</translation>
    </message>
    <message>
        <source>Alerts across the pit</source>
        <translation>全場警示</translation>
    </message>
    <message>
        <source>Shift report</source>
        <translation>班次報表</translation>
    </message>
</context>
<context>
    <name>RecallDialog</name>
    <message>
        <source>Recall</source>
        <translation>牌局回顧</translation>
    </message>
    <message>
        <source>RECALL: PAST COUP, NOT THE CURRENT ONE</source>
        <translation>回顧：這是過去的牌局，不是本局</translation>
    </message>
    <message>
        <source>▲ Newer</source>
        <translation>▲ 較新</translation>
    </message>
    <message>
        <source>▼ Older</source>
        <translation>▼ 較舊</translation>
    </message>
    <message>
        <source>Back to the table</source>
        <translation>返回牌桌</translation>
    </message>
    <message>
        <source>No finished coup to recall yet</source>
        <translation>尚無已完成的牌局</translation>
    </message>
</context>
<context>
    <name>RoadsPanel</name>
    <message>
        <source>Bead Plate</source>
        <translation>珠盤路</translation>
    </message>
    <message>
        <source>Big Road</source>
        <translation>大路</translation>
    </message>
    <message>
        <source>Big Eye Boy</source>
        <translation>大眼仔</translation>
    </message>
    <message>
        <source>Small Road</source>
        <translation>小路</translation>
    </message>
    <message>
        <source>Cockroach Pig</source>
        <translation>曱甴路</translation>
    </message>
</context>
<context>
    <name>ScoreboardWindow</name>
    <message>
        <source>Limits</source>
        <translation>投注限額</translation>
    </message>
    <message>
        <source>Ask road: next Banker / next Player</source>
        <translation>問路：下局莊 / 下局閒</translation>
    </message>
</context>
<context>
    <name>SeatTile</name>
    <message>
        <source>comm. %1</source>
        <translation>佣金 %1</translation>
    </message>
    <message>
        <source>Collect
%1</source>
        <translation>收佣金
%1</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>佣金盒 %1</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空位</translation>
    </message>
    <message>
        <source>BANKER</source>
        <translation>莊家</translation>
    </message>
    <message>
        <source>offered the shoe</source>
        <translation>獲交牌靴</translation>
    </message>
    <message>
        <source>stake</source>
        <translation>注碼</translation>
    </message>
    <message>
        <source>may follow (Suivi)</source>
        <translation>可續押（Suivi）</translation>
    </message>
    <message>
        <source>TURN</source>
        <translation>輪到</translation>
    </message>
    <message>
        <source>may stake %1</source>
        <translation>可下注 %1</translation>
    </message>
    <message>
        <source>plays %1</source>
        <translation>執%1牌</translation>
    </message>
</context>
<context>
    <name>SupervisorDialog</name>
    <message>
        <source>Supervisor</source>
        <translation>主管</translation>
    </message>
    <message>
        <source>Supervisor actions</source>
        <translation>主管操作</translation>
    </message>
    <message>
        <source>Void this coup because of:</source>
        <translation>作廢本局，原因：</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>發牌錯誤</translation>
    </message>
    <message>
        <source>Two cards stuck</source>
        <translation>兩張牌黏在一起</translation>
    </message>
    <message>
        <source>Card exposed</source>
        <translation>牌面外露</translation>
    </message>
    <message>
        <source>Dealer error</source>
        <translation>荷官失誤</translation>
    </message>
    <message>
        <source>Correct a misread card</source>
        <translation>更正讀錯的牌</translation>
    </message>
    <message>
        <source>End the shoe</source>
        <translation>結束本靴</translation>
    </message>
    <message>
        <source>New shoe</source>
        <translation>新牌靴</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
</context>
<context>
    <name>Training</name>
    <message>
        <source>Player draws on 0-5 and stands on 6 or 7.</source>
        <translation>閒家 0-5 點補牌，6 或 7 點停牌。</translation>
    </message>
    <message>
        <source>A natural (8 or 9 on the first two cards) on either side ends the coup: no draw.</source>
        <translation>任一方首兩張牌為天牌（8 或 9 點）即結束本局：不補牌。</translation>
    </message>
    <message>
        <source>The higher total wins; equal totals are a tie (Egalite). Call the loser first: &apos;Player shows 6, Banker has 7&apos;.</source>
        <translation>點數高者勝；點數相同為和局。先報輸方：「閒 6 點，莊 7 點」。</translation>
    </message>
    <message>
        <source>The commission taken from a Banker win when it is paid (immediate mode).</source>
        <translation>莊贏派彩時即時收取的佣金（即收模式）。</translation>
    </message>
    <message>
        <source>The commission marked in the seat&apos;s box for a Banker win (box mode).</source>
        <translation>莊贏時記入該座位佣金盒的佣金（佣金盒模式）。</translation>
    </message>
    <message>
        <source>The sum to collect from a seat&apos;s box at the shoe&apos;s end (box mode), rounded as the house rounds commission.</source>
        <translation>一靴結束時向該座位佣金盒收取的總額（佣金盒模式），按賭場的佣金進位規則取整。</translation>
    </message>
    <message>
        <source>win</source>
        <translation>贏</translation>
    </message>
    <message>
        <source>tie</source>
        <translation>和</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>對子</translation>
    </message>
    <message>
        <source>natural</source>
        <translation>天牌</translation>
    </message>
    <message>
        <source>Collect a commission box</source>
        <translation>收取佣金盒</translation>
    </message>
    <message>
        <source>Commission on a Banker win</source>
        <translation>莊贏佣金</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>補牌</translation>
    </message>
    <message>
        <source>Stand</source>
        <translation>停牌</translation>
    </message>
    <message>
        <source>Does the Player draw?</source>
        <translation>閒家補牌嗎？</translation>
    </message>
    <message>
        <source>Does the Banker draw?</source>
        <translation>莊家補牌嗎？</translation>
    </message>
    <message>
        <source>Call the coup: who wins?</source>
        <translation>報牌：哪方贏？</translation>
    </message>
    <message>
        <source>Seat %1, %2 %3: commission to collect?</source>
        <translation>%1 號座位，%2 %3：應收佣金多少？</translation>
    </message>
    <message>
        <source>any third card</source>
        <translation>任何第三張牌</translation>
    </message>
    <message>
        <source>the Banker draws</source>
        <translation>莊家補牌</translation>
    </message>
    <message>
        <source>the Banker stands</source>
        <translation>莊家停牌</translation>
    </message>
    <message>
        <source>Banker %1: draws against %2; when the Player stands, %3.</source>
        <translation>莊家 %1 點：對%2補牌；閒家停牌時，%3。</translation>
    </message>
    <message>
        <source>%1 (%2) pays %3</source>
        <translation>%1（%2）賠 %3</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation>閒家 %1 點</translation>
    </message>
    <message>
        <source>Banker %1 against a third card of %2</source>
        <translation>莊家 %1 點對第三張牌 %2</translation>
    </message>
    <message>
        <source>Facing a %1 natural</source>
        <translation>對方%1天牌</translation>
    </message>
    <message>
        <source>drawn</source>
        <translation>補牌後</translation>
    </message>
    <message>
        <source>Call a %1 coup: %2</source>
        <translation>報%1的一局：%2</translation>
    </message>
    <message>
        <source>Pay %1 (%2)</source>
        <translation>派彩 %1（%2）</translation>
    </message>
    <message>
        <source>Seat %1, %2 %3: pay how much?</source>
        <translation>%1 號座位，%2 %3：派彩多少？</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>Still weak:</source>
        <translation>仍需加強：</translation>
    </message>
    <message>
        <source>no third card</source>
        <translation>無任何第三張牌</translation>
    </message>
    <message>
        <source>, less %1% commission on the win</source>
        <translation>，贏額扣 %1% 佣金</translation>
    </message>
    <message>
        <source>The rate is %1% of the win.</source>
        <translation>佣金率為贏額的 %1%。</translation>
    </message>
    <message>
        <source>Banker %1 against the Player standing</source>
        <translation>莊家 %1 點對閒家停牌</translation>
    </message>
    <message>
        <source>Practice · %1</source>
        <translation>練習 · %1</translation>
    </message>
    <message>
        <source>Deal the next card</source>
        <translation>請發下一張牌</translation>
    </message>
    <message>
        <source>Pace %1 hands an hour · target %2</source>
        <translation>速度每小時 %1 局 · 目標 %2</translation>
    </message>
    <message>
        <source>Right: %1 (%2 s)</source>
        <translation>正確：%1（%2 秒）</translation>
    </message>
    <message>
        <source>Wrong: the answer is %1, not %2 (%3 s). %4</source>
        <translation>錯誤：答案是%1，不是%2（%3 秒）。%4</translation>
    </message>
    <message>
        <source>Report · %1</source>
        <translation>報告 · %1</translation>
    </message>
    <message>
        <source>%1 answers, %2 right, %3 s each; last session %4 answers an hour</source>
        <translation>共 %1 題，正確 %2，每題 %3 秒；上一節每小時 %4 題</translation>
    </message>
    <message>
        <source> (leech)</source>
        <translation>（屢錯）</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>無</translation>
    </message>
    <message>
        <source>a Player&apos;s third card of %1</source>
        <translation>閒家第三張牌為 %1</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>Player</source>
        <translation>閒</translation>
    </message>
    <message>
        <source>Banker</source>
        <translation>莊</translation>
    </message>
    <message>
        <source>Tie</source>
        <translation>和</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>右門</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>左門</translation>
    </message>
    <message>
        <source>PLAYER</source>
        <translation>閒</translation>
    </message>
    <message>
        <source>BANKER</source>
        <translation>莊</translation>
    </message>
    <message>
        <source>RIGHT</source>
        <translation>右門</translation>
    </message>
    <message>
        <source>LEFT</source>
        <translation>左門</translation>
    </message>
    <message>
        <source>Player Pair</source>
        <translation>閒對</translation>
    </message>
    <message>
        <source>Banker Pair</source>
        <translation>莊對</translation>
    </message>
    <message>
        <source>Either Pair</source>
        <translation>任意對子</translation>
    </message>
    <message>
        <source>Perfect Pair</source>
        <translation>完美對子</translation>
    </message>
    <message>
        <source>Dragon Bonus Player</source>
        <translation>閒龍寶</translation>
    </message>
    <message>
        <source>Dragon Bonus Banker</source>
        <translation>莊龍寶</translation>
    </message>
    <message>
        <source>Big</source>
        <translation>大</translation>
    </message>
    <message>
        <source>Small</source>
        <translation>小</translation>
    </message>
    <message>
        <source>Lucky 6</source>
        <translation>幸運六</translation>
    </message>
    <message>
        <source>À cheval</source>
        <translation>跨注</translation>
    </message>
    <message>
        <source>Banco</source>
        <translation>Banco 全押</translation>
    </message>
    <message>
        <source>Banco Suivi</source>
        <translation>Banco Suivi 續押</translation>
    </message>
    <message>
        <source>Suivi</source>
        <translation>Suivi 續押</translation>
    </message>
    <message>
        <source>Banco Seul</source>
        <translation>Banco Seul 獨押</translation>
    </message>
    <message>
        <source>win</source>
        <translation>贏</translation>
    </message>
    <message>
        <source>lose</source>
        <translation>輸</translation>
    </message>
    <message>
        <source>push</source>
        <translation>退還</translation>
    </message>
    <message>
        <source>stand-off</source>
        <translation>和局</translation>
    </message>
    <message>
        <source>Device lost</source>
        <translation>設備斷線</translation>
    </message>
    <message>
        <source>Unreadable card</source>
        <translation>無法讀取的牌</translation>
    </message>
    <message>
        <source>Duplicate card</source>
        <translation>重複的牌</translation>
    </message>
    <message>
        <source>Foreign card</source>
        <translation>外來的牌</translation>
    </message>
    <message>
        <source>Shoe not shuffled</source>
        <translation>牌靴未洗牌</translation>
    </message>
    <message>
        <source>Extra card</source>
        <translation>多出的牌</translation>
    </message>
    <message>
        <source>Card to the wrong hand</source>
        <translation>牌發錯一方</translation>
    </message>
    <message>
        <source>Card before the decision</source>
        <translation>決定前已發牌</translation>
    </message>
    <message>
        <source>Card to a standing hand</source>
        <translation>停牌的一方又發牌</translation>
    </message>
    <message>
        <source>Card before the cards are turned</source>
        <translation>翻牌前已發牌</translation>
    </message>
    <message>
        <source>Card while the table is held</source>
        <translation>暫停時出牌</translation>
    </message>
    <message>
        <source>No shoe in play</source>
        <translation>沒有使用中的牌靴</translation>
    </message>
    <message>
        <source>No coup may start</source>
        <translation>不可開始新局</translation>
    </message>
    <message>
        <source>Shoe empty</source>
        <translation>牌靴已空</translation>
    </message>
    <message>
        <source>Bet favours the players</source>
        <translation>此注對玩家有利</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>發牌錯誤</translation>
    </message>
    <message>
        <source>Camera moved</source>
        <translation>攝影機移動了</translation>
    </message>
    <message>
        <source>Camera falling behind</source>
        <translation>攝影機處理跟不上</translation>
    </message>
    <message>
        <source>Program verification failed</source>
        <translation>程式驗證失敗</translation>
    </message>
    <message>
        <source>Clock not synchronised</source>
        <translation>時鐘未同步</translation>
    </message>
    <message>
        <source>Journal disk nearly full</source>
        <translation>日誌磁碟將滿</translation>
    </message>
    <message>
        <source>The table was restarted</source>
        <translation>牌桌程式已重新啟動</translation>
    </message>
    <message>
        <source>No card is dealt: the technician checks the table computer and re-verifies</source>
        <translation>暫停發牌：由技術人員檢查牌桌電腦並重新驗證</translation>
    </message>
    <message>
        <source>Deal on; tell IT: the table&apos;s clock is not synchronised (journal times may drift)</source>
        <translation>繼續發牌；通知資訊部門：牌桌時鐘未同步（日誌時間可能偏移）</translation>
    </message>
    <message>
        <source>Deal on; tell IT now: the journal&apos;s disk is nearly full</source>
        <translation>繼續發牌；立即通知資訊部門：日誌磁碟將滿</translation>
    </message>
    <message>
        <source>Check the table and the last coup; tell IT: the table was restarted because it stopped answering</source>
        <translation>檢查牌桌與上一局；通知資訊部門：牌桌程式因停止回應而重新啟動</translation>
    </message>
    <message>
        <source>Re-verify (technician)</source>
        <translation>重新驗證（技術人員）</translation>
    </message>
    <message>
        <source>Deal no card until it is back, or deal by hand and enter cards</source>
        <translation>恢復前不要發牌，或手動發牌並輸入牌</translation>
    </message>
    <message>
        <source>Card to a hand this game has not</source>
        <translation>牌發到本遊戲沒有的門</translation>
    </message>
    <message>
        <source>A card device stopped answering</source>
        <translation>讀牌設備沒有回應</translation>
    </message>
    <message>
        <source>A device saw a card it could not read</source>
        <translation>設備看到一張無法讀取的牌</translation>
    </message>
    <message>
        <source>A card came out more often than the shoe holds it (a duplicate)</source>
        <translation>出牌次數多於牌靴所含（重複牌）</translation>
    </message>
    <message>
        <source>A card that is not in this shoe&apos;s decks came out (check the deck set)</source>
        <translation>出了一張不屬於本靴牌組的牌（請檢查牌組）</translation>
    </message>
    <message>
        <source>The cards come out in an order a shuffled shoe would not give</source>
        <translation>出牌順序不像已洗好的牌靴</translation>
    </message>
    <message>
        <source>A card came out after the coup was complete: it is an extra card</source>
        <translation>本局完成後又出牌：這是多餘的牌</translation>
    </message>
    <message>
        <source>A card was dealt to the wrong hand</source>
        <translation>牌發錯了門</translation>
    </message>
    <message>
        <source>A card was dealt to a hand this game has not</source>
        <translation>牌發到本遊戲沒有的門</translation>
    </message>
    <message>
        <source>A card came out before the hand chose to draw or stand</source>
        <translation>該門決定補牌或停牌之前就出牌</translation>
    </message>
    <message>
        <source>A card was dealt to a hand that stands</source>
        <translation>牌發給了已停牌的一門</translation>
    </message>
    <message>
        <source>A card came out before the face-down cards were turned</source>
        <translation>蓋著的牌翻開之前就出牌</translation>
    </message>
    <message>
        <source>A card came out while the table is held</source>
        <translation>牌桌暫停時出牌</translation>
    </message>
    <message>
        <source>A card was read but the shoe has ended</source>
        <translation>牌靴已結束，仍讀到一張牌</translation>
    </message>
    <message>
        <source>A card came out but no coup may start</source>
        <translation>出牌了，但現在不能開新局</translation>
    </message>
    <message>
        <source>Every card of the shoe is out</source>
        <translation>牌靴的牌已全部發出</translation>
    </message>
    <message>
        <source>A bet now favours the players with the cards left in the shoe</source>
        <translation>按牌靴剩餘的牌，某注項現在對玩家有利</translation>
    </message>
    <message>
        <source>The coup was misdealt</source>
        <translation>本局發牌錯誤</translation>
    </message>
    <message>
        <source>A card came out before &quot;no more bets&quot;</source>
        <translation>「停止下注」之前就出牌</translation>
    </message>
    <message>
        <source>A card lies on the wrong hand: move it</source>
        <translation>有一張牌放錯了門：請移正</translation>
    </message>
    <message>
        <source>The camera sees another card than the shoe read</source>
        <translation>攝影機看到的牌與牌靴讀到的不同</translation>
    </message>
    <message>
        <source>The camera sees a card the shoe did not deal in this coup</source>
        <translation>攝影機看到一張本局牌靴沒有發出的牌</translation>
    </message>
    <message>
        <source>A card was laid out in another order than the shoe dealt it</source>
        <translation>牌在桌上的次序與牌靴發出的次序不同</translation>
    </message>
    <message>
        <source>The camera could not read a card</source>
        <translation>攝影機無法讀取一張牌</translation>
    </message>
    <message>
        <source>The camera moved and recalibrated itself</source>
        <translation>攝影機移動過，已自行重新校準</translation>
    </message>
    <message>
        <source>The camera reads cards later than they come</source>
        <translation>攝影機讀牌落後於出牌</translation>
    </message>
    <message>
        <source>The table&apos;s program files do not match the signed release</source>
        <translation>牌桌的程式檔案與簽署的版本不符</translation>
    </message>
    <message>
        <source>The table computer&apos;s clock is not synchronised</source>
        <translation>牌桌電腦的時鐘未同步</translation>
    </message>
    <message>
        <source>The journal&apos;s disk is nearly full</source>
        <translation>記錄檔磁碟快滿了</translation>
    </message>
    <message>
        <source>The table stopped answering and was restarted</source>
        <translation>牌桌程式沒有回應，已重新啟動</translation>
    </message>
    <message>
        <source>Move the card to the hand it belongs to, then acknowledge; or a supervisor voids the coup</source>
        <translation>把牌移到它所屬的門，然後確認；或由主管取消本局</translation>
    </message>
    <message>
        <source>A supervisor checks the card on the layout: if the shoe is right, override; if the camera is right, correct the card, then override; or void the coup</source>
        <translation>主管檢查桌上的牌：牌靴正確則強制通過；攝影機正確則更正該牌後強制通過；或取消本局</translation>
    </message>
    <message>
        <source>Message from the pit</source>
        <translation>來自巡場的訊息</translation>
    </message>
    <message>
        <source>The table refused a command</source>
        <translation>牌桌拒絕了一個指令</translation>
    </message>
    <message>
        <source>Check the device; the card was not taken</source>
        <translation>請檢查設備；這張牌未被記錄</translation>
    </message>
    <message>
        <source>Deal on: the camera recalibrated itself; tell IT if it keeps moving</source>
        <translation>繼續發牌：攝影機已自動重新校準；若一再移動請通知 IT</translation>
    </message>
    <message>
        <source>Deal on: cards are read later; tell IT the table computer is too slow</source>
        <translation>繼續發牌：牌會較晚讀到；請通知 IT 牌桌電腦太慢</translation>
    </message>
    <message>
        <source>A supervisor keys in the card, or voids the coup</source>
        <translation>由主管輸入這張牌，或作廢本局</translation>
    </message>
    <message>
        <source>Set the card aside; start a new shoe</source>
        <translation>把牌放到一旁；開始新牌靴</translation>
    </message>
    <message>
        <source>Set the card aside (it does not go back in the shoe); resolve the alert first</source>
        <translation>把牌放到一旁（不放回牌靴）；先處理警示</translation>
    </message>
    <message>
        <source>Set the card aside and deal the next one, or a supervisor accepts it or voids the coup</source>
        <translation>把牌放到一旁並發下一張，或由主管接受這張牌或作廢本局</translation>
    </message>
    <message>
        <source>Set the card aside</source>
        <translation>把牌放到一旁</translation>
    </message>
    <message>
        <source>Set the card aside; close the bank&apos;s calls and stakes, then deal</source>
        <translation>把牌放一邊；截止莊家的叫注和下注後再發牌</translation>
    </message>
    <message>
        <source>Burn the extra card: it is out of play</source>
        <translation>燒掉多出的牌：不再使用</translation>
    </message>
    <message>
        <source>Set it aside, or a supervisor voids the coup</source>
        <translation>把牌放到一旁，或由主管作廢本局</translation>
    </message>
    <message>
        <source>A supervisor accepts the card (the hand draws), or sets it aside, or voids</source>
        <translation>由主管接受這張牌（該方補牌），或放到一旁，或作廢本局</translation>
    </message>
    <message>
        <source>Move the card to the hand the tableau calls, or a supervisor voids the coup</source>
        <translation>把牌移到規則指定的一方，或由主管作廢本局</translation>
    </message>
    <message>
        <source>Stop the game and call the pit: the shoe may not have been shuffled</source>
        <translation>停止牌局並通知主管：牌靴可能未洗牌</translation>
    </message>
    <message>
        <source>Tell the pit: the bet may be closed for the rest of the shoe</source>
        <translation>通知主管：本靴餘下牌局可停止此注</translation>
    </message>
    <message>
        <source>Keep the card face down and apart; turn the cards, then a supervisor accepts it (the tableau places it) or sets it aside; or voids the coup</source>
        <translation>把牌蓋著另放；先翻開牌，再由主管接受此牌（按補牌規則放置）或將其放到一旁；或取消本局</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>確認</translation>
    </message>
    <message>
        <source>Card set aside</source>
        <translation>牌已放到一旁</translation>
    </message>
    <message>
        <source>Accept the card</source>
        <translation>接受這張牌</translation>
    </message>
    <message>
        <source>Key in the card</source>
        <translation>輸入這張牌</translation>
    </message>
    <message>
        <source>Void the coup</source>
        <translation>作廢本局</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>強制繼續</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>連線中</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已連線</translation>
    </message>
    <message>
        <source>LOST</source>
        <translation>斷線</translation>
    </message>
    <message>
        <source>recovering</source>
        <translation>恢復中</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>已關閉</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>補牌</translation>
    </message>
    <message>
        <source>Stand</source>
        <translation>停牌</translation>
    </message>
    <message>
        <source>Below the table minimum</source>
        <translation>低於最低投注</translation>
    </message>
    <message>
        <source>Above the table maximum</source>
        <translation>高於最高投注</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>No last bet to repeat</source>
        <translation>沒有上局注碼可重複</translation>
    </message>
    <message>
        <source>The commission box is empty</source>
        <translation>佣金盒是空的</translation>
    </message>
    <message>
        <source>Needs a supervisor</source>
        <translation>需要主管</translation>
    </message>
    <message>
        <source>This table has no such bet</source>
        <translation>本桌沒有這種投注</translation>
    </message>
    <message>
        <source>Not an amount</source>
        <translation>不是有效金額</translation>
    </message>
    <message>
        <source>Needs the technician</source>
        <translation>需要技術人員</translation>
    </message>
    <message>
        <source>This table has no program verification</source>
        <translation>本桌沒有程式驗證</translation>
    </message>
    <message>
        <source>Baccarat</source>
        <translation>百家樂</translation>
    </message>
    <message>
        <source>Punto Banco (5% commission)</source>
        <translation>傳統百家樂（莊贏抽佣 5%）</translation>
    </message>
    <message>
        <source>No-commission Punto Banco (a Banker win on 6 pays half)</source>
        <translation>免佣百家樂（莊 6 點贏賠一半）</translation>
    </message>
    <message>
        <source>EZ Baccarat (a three-card Banker 7 pushes Banker bets)</source>
        <translation>EZ 百家樂（莊三張牌 7 點贏，莊注和局）</translation>
    </message>
    <message>
        <source>Chemin de Fer</source>
        <translation>鐵路百家樂</translation>
    </message>
    <message>
        <source>Baccarat Banque (à deux tableaux)</source>
        <translation>銀行百家樂（雙門）</translation>
    </message>
    <message>
        <source>Égalité %1</source>
        <translation>和 %1 點</translation>
    </message>
    <message>
        <source>BURN %1 MORE CARD(S)</source>
        <translation>再燒 %1 張牌</translation>
    </message>
    <message>
        <source>HOLD: %1</source>
        <translation>暫停：%1</translation>
    </message>
    <message>
        <source>TURN THE %1 CARDS</source>
        <translation>開%1的牌</translation>
    </message>
    <message>
        <source>CARD TO %1</source>
        <translation>發牌給%1</translation>
    </message>
    <message>
        <source>%1 DRAWS</source>
        <translation>%1補牌</translation>
    </message>
    <message>
        <source>%1 STANDS</source>
        <translation>%1停牌</translation>
    </message>
    <message>
        <source>%1: DRAW OR STAND?</source>
        <translation>%1：補牌還是停牌？</translation>
    </message>
    <message>
        <source>NATURAL EGALITE %1</source>
        <translation>例牌和局 %1 點</translation>
    </message>
    <message>
        <source>EGALITE %1</source>
        <translation>和局 %1 點</translation>
    </message>
    <message>
        <source>NATURAL %1, %2 WINS</source>
        <translation>例牌 %1 點，%2贏</translation>
    </message>
    <message>
        <source>%1 WINS %2 TO %3</source>
        <translation>%1贏 %2 比 %3</translation>
    </message>
    <message>
        <source>%1 WINS</source>
        <translation>%1贏</translation>
    </message>
    <message>
        <source>%1 LOSES</source>
        <translation>%1輸</translation>
    </message>
    <message>
        <source>%1 STANDS OFF</source>
        <translation>%1和</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>PLACE YOUR BETS</source>
        <translation>請下注</translation>
    </message>
    <message>
        <source>SHOE ENDED: START A NEW SHOE</source>
        <translation>本靴結束：請開始新牌靴</translation>
    </message>
    <message>
        <source>TURN THE FIRST CARD FOR THE BURN</source>
        <translation>翻開第一張牌以決定燒牌數</translation>
    </message>
    <message>
        <source>COUP VOID</source>
        <translation>本局作廢</translation>
    </message>
    <message>
        <source>%1 shows %2, %3 has %4</source>
        <translation>%1 %2 點，%3 %4 點</translation>
    </message>
    <message>
        <source>Egalite, %1 each</source>
        <translation>和局，各 %1 點</translation>
    </message>
    <message>
        <source>Banker has %1; %2</source>
        <translation>莊 %1 點；%2</translation>
    </message>
    <message>
        <source>%1 saw a card it could not read</source>
        <translation>%1 讀到一張無法辨認的牌</translation>
    </message>
    <message>
        <source>%1 is lost: no answer</source>
        <translation>%1 失去連線：沒有回應</translation>
    </message>
    <message>
        <source>%1 read but the shoe has ended</source>
        <translation>讀到 %1，但牌靴已結束</translation>
    </message>
    <message>
        <source>%1 came out while the table is held</source>
        <translation>牌桌暫停時出了 %1</translation>
    </message>
    <message>
        <source>%1 came out before &quot;no more bets&quot;</source>
        <translation>「停止下注」之前出了 %1</translation>
    </message>
    <message>
        <source>%1 now favours the players: %2% per unit staked with %3 cards left</source>
        <translation>%1 現在對玩家有利：每單位投注 %2%，剩 %3 張</translation>
    </message>
    <message>
        <source>coup %1 of shoe %2; no bets</source>
        <translation>第 %2 靴第 %1 局；無下注</translation>
    </message>
    <message>
        <source>coup %1 of shoe %2; bets: %3</source>
        <translation>第 %2 靴第 %1 局；下注：%3</translation>
    </message>
    <message>
        <source>%1 to the %2 face down</source>
        <translation>%1 蓋牌發給%2</translation>
    </message>
    <message>
        <source>%1 to the %2</source>
        <translation>%1 發給%2</translation>
    </message>
    <message>
        <source>%1 cards turned</source>
        <translation>%1的牌已開</translation>
    </message>
    <message>
        <source>complete: %1; %2</source>
        <translation>完成：%1；%2</translation>
    </message>
    <message>
        <source>seat %1 %2 %3: %4, payout %5, commission %6</source>
        <translation>%1 號位 %2 %3：%4，派彩 %5，佣金 %6</translation>
    </message>
    <message>
        <source>cut card out; last coup %1</source>
        <translation>切牌卡出現；最後一局 %1</translation>
    </message>
    <message>
        <source>seat %1 %2 %3</source>
        <translation>%1 號位 %2 %3</translation>
    </message>
    <message>
        <source>Card before no more bets</source>
        <translation>尚未停止下注就出牌</translation>
    </message>
    <message>
        <source>Card in the wrong place</source>
        <translation>牌放錯位置</translation>
    </message>
    <message>
        <source>The camera sees another card</source>
        <translation>攝影機看到的是另一張牌</translation>
    </message>
    <message>
        <source>Card the shoe did not deal</source>
        <translation>牌靴未發出的牌</translation>
    </message>
    <message>
        <source>Cards laid out of order</source>
        <translation>牌的擺放順序錯誤</translation>
    </message>
    <message>
        <source>The camera cannot confirm</source>
        <translation>攝影機無法確認</translation>
    </message>
    <message>
        <source>Check the layout: no other card belongs to this coup</source>
        <translation>請檢查桌面：本局沒有其他的牌</translation>
    </message>
    <message>
        <source>Check the card on the layout; the shoe&apos;s card stands</source>
        <translation>請檢查桌面上的牌；以牌靴讀到的牌為準</translation>
    </message>
    <message>
        <source>Lay each card on the layout as it comes out of the shoe</source>
        <translation>每張牌出靴後即依序放到桌面上</translation>
    </message>
    <message>
        <source>Take the card off the layout and call the supervisor; or a supervisor voids the coup</source>
        <translation>把牌從桌面上拿開並呼叫主管；或由主管作廢本局</translation>
    </message>
</context>
</TS>
