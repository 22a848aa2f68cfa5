<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AlertPanel</name>
    <message>
        <source>HOLD: NO CARD UNTIL THIS IS RESOLVED</source>
        <translation>暂停：处理完毕前不可发牌</translation>
    </message>
    <message>
        <source>NOTE</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>The table&apos;s words (for IT): %1</source>
        <translation>牌桌原文（供 IT 参考）：%1</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>处理方法：</translation>
    </message>
    <message>
        <source>%1 more alert(s) after this one</source>
        <translation>之后还有 %1 个警示</translation>
    </message>
    <message>
        <source>%1 (PIN)</source>
        <translation>%1（密码）</translation>
    </message>
</context>
<context>
    <name>BankPanel</name>
    <message>
        <source>Touch a seat</source>
        <translation>请点选座位</translation>
    </message>
    <message>
        <source>Seat %1 · %2</source>
        <translation>%1 号位 · %2</translation>
    </message>
    <message>
        <source>Seat %1 · empty</source>
        <translation>%1 号位 · 空位</translation>
    </message>
    <message>
        <source>Sit a player…</source>
        <translation>入座…</translation>
    </message>
    <message>
        <source>Leaves</source>
        <translation>离座</translation>
    </message>
    <message>
        <source>Give the shoe</source>
        <translation>交付牌靴</translation>
    </message>
    <message>
        <source>Put up the bank…</source>
        <translation>设庄…</translation>
    </message>
    <message>
        <source>Declines the bank</source>
        <translation>不做庄</translation>
    </message>
    <message>
        <source>Banco</source>
        <translation>Banco 全押</translation>
    </message>
    <message>
        <source>Banco Suivi</source>
        <translation>Banco Suivi 续押</translation>
    </message>
    <message>
        <source>Suivi</source>
        <translation>Suivi 续押</translation>
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
        <translation>竞投…</translation>
    </message>
    <message>
        <source>Name on the list</source>
        <translation>登记名单</translation>
    </message>
    <message>
        <source>Right…</source>
        <translation>右门…</translation>
    </message>
    <message>
        <source>Left…</source>
        <translation>左门…</translation>
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
        <translation>记名竞投…</translation>
    </message>
    <message>
        <source>Close the auction</source>
        <translation>结束竞投</translation>
    </message>
    <message>
        <source>Add a name…</source>
        <translation>加入名单…</translation>
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
        <translation>让庄</translation>
    </message>
    <message>
        <source>Banker retires</source>
        <translation>庄家退庄</translation>
    </message>
    <message>
        <source>Takes the bank at %1</source>
        <translation>以 %1 接庄</translation>
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
        <translation>切牌者…（由庄家指定）</translation>
    </message>
    <message>
        <source>Cut the fresh supply</source>
        <translation>切新牌</translation>
    </message>
    <message>
        <source>No more bets · %1 stays in the bank</source>
        <translation>停止下注 · %1 留在庄中</translation>
    </message>
    <message>
        <source>No more bets · banker withdraws %1</source>
        <translation>停止下注 · 庄家收回 %1</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>%1 takes the bank…</source>
        <translation>%1 坐庄…</translation>
    </message>
    <message>
        <source>%1 declines</source>
        <translation>%1 放弃</translation>
    </message>
    <message>
        <source>Withdraw %1 %2</source>
        <translation>撤回 %1 %2</translation>
    </message>
    <message>
        <source>Withdraws stake</source>
        <translation>撤回注码</translation>
    </message>
    <message>
        <source>Withdraw a bystander</source>
        <translation>撤回旁注</translation>
    </message>
    <message>
        <source>seat %1 %2</source>
        <translation>%1 号位 %2</translation>
    </message>
    <message>
        <source>seat %1</source>
        <translation>%1 号位</translation>
    </message>
    <message>
        <source>BANK %1 · held by %2</source>
        <translation>庄本 %1 · %2 坐庄</translation>
    </message>
    <message>
        <source>No bank · %1 may take it at %2 (the deal was passed)</source>
        <translation>无庄 · %1 可以 %2 接庄（上一庄已让庄）</translation>
    </message>
    <message>
        <source>No bank · the shoe is offered to %1</source>
        <translation>无庄 · 牌靴交给 %1</translation>
    </message>
    <message>
        <source>No bank · the croupier gives the shoe to a seat</source>
        <translation>无庄 · 请荷官把牌靴交给一个座位</translation>
    </message>
    <message>
        <source>%1 puts up the bank, or declines it</source>
        <translation>%1 设庄或放弃</translation>
    </message>
    <message>
        <source>Seat the players, then give the shoe</source>
        <translation>先安排入座，再交付牌靴</translation>
    </message>
    <message>
        <source>Calls: %1 may follow first (Banco Suivi); Banco %2 from seats %3</source>
        <translation>叫注：%1 可优先续押（Banco Suivi）；%3 号位可 Banco %2</translation>
    </message>
    <message>
        <source>Calls: Banco %1 from seats %2; then close the calls</source>
        <translation>叫注：%2 号位可 Banco %1；然后截止叫注</translation>
    </message>
    <message>
        <source>%1 holds the whole bank (%2): no more bets</source>
        <translation>%1 承接全部庄本（%2）：停止下注</translation>
    </message>
    <message>
        <source>Coverage from the banker&apos;s right: %1&apos;s turn, up to %2</source>
        <translation>由庄家右方起承接：轮到 %1，最多 %2</translation>
    </message>
    <message>
        <source>Coverage: any punter may add up to %1</source>
        <translation>承接：任何闲家可再加最多 %1</translation>
    </message>
    <message>
        <source>The bank is covered: no more bets</source>
        <translation>庄本已全数承接：停止下注</translation>
    </message>
    <message>
        <source>No more bets: deal the coup</source>
        <translation>停止下注：请发牌</translation>
    </message>
    <message>
        <source>Calls: %1</source>
        <translation>叫注：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Coverage: %1 · covered %2 · uncovered %3</source>
        <translation>承接：%1 · 已承接 %2 · 未承接 %3</translation>
    </message>
    <message>
        <source>Decisions: Player hand, %1 (largest stake) · Banker, %2 (the banker)</source>
        <translation>决定：闲家牌由 %1（最大注）· 庄家牌由 %2（庄家）</translation>
    </message>
    <message>
        <source>May stake now: %1</source>
        <translation>现可下注：%1</translation>
    </message>
    <message>
        <source>the punters win</source>
        <translation>闲家赢</translation>
    </message>
    <message>
        <source>the bank wins</source>
        <translation>庄家赢</translation>
    </message>
    <message>
        <source>stand-off, stakes returned</source>
        <translation>和局，退回注码</translation>
    </message>
    <message>
        <source>Last coup: %1 · %2 · bank %3 → %4 · cagnotte %5</source>
        <translation>上一局：%1 · %2 · 庄本 %3 → %4 · 抽水 %5</translation>
    </message>
    <message>
        <source>the bank passes</source>
        <translation>换庄</translation>
    </message>
    <message>
        <source>No bank · highest bid %1 by %2</source>
        <translation>无庄 · 最高出价 %1（%2）</translation>
    </message>
    <message>
        <source>No bank · auction: who will risk the most?</source>
        <translation>无庄 · 竞投：谁出最高庄本？</translation>
    </message>
    <message>
        <source>No bank · offered to %1, first on the list</source>
        <translation>无庄 · 交给名单首位 %1</translation>
    </message>
    <message>
        <source>No bank · put names on the list</source>
        <translation>无庄 · 请登记名单</translation>
    </message>
    <message>
        <source>Auction · bids: %1</source>
        <translation>竞投 · 出价：%1</translation>
    </message>
    <message>
        <source>List: %1</source>
        <translation>名单：%1</translation>
    </message>
    <message>
        <source>Seated punters stake on their tableau or à cheval, up to %1</source>
        <translation>座上闲家可押本门或跨注，最多 %1</translation>
    </message>
    <message>
        <source>Bystanders may stake up to %1, on either side or à cheval</source>
        <translation>旁注者可押任一门或跨注，最多 %1</translation>
    </message>
    <message>
        <source>Bystander stakes: %1</source>
        <translation>旁注：%1</translation>
    </message>
    <message>
        <source>Stakes: %1</source>
        <translation>注码：%1</translation>
    </message>
    <message>
        <source>Right %1 · Left %2 · covered %3 · uncovered %4</source>
        <translation>右门 %1 · 左门 %2 · 已承接 %3 · 未承接 %4</translation>
    </message>
    <message>
        <source>the croupier</source>
        <translation>荷官</translation>
    </message>
    <message>
        <source>Decisions: Right hand, %1 · Left hand, %2 · Banker, %3</source>
        <translation>决定：右门牌由 %1 · 左门牌由 %2 · 庄家牌由 %3</translation>
    </message>
    <message>
        <source>%1 (seat %2)</source>
        <translation>%1（%2 号位）</translation>
    </message>
    <message>
        <source>%1 (bystander)</source>
        <translation>%1（旁注）</translation>
    </message>
    <message>
        <source>wins</source>
        <translation>赢</translation>
    </message>
    <message>
        <source>loses</source>
        <translation>输</translation>
    </message>
    <message>
        <source>stands off</source>
        <translation>和</translation>
    </message>
    <message>
        <source>Last coup: Right %1, Left %2 · %3 · bank %4 → %5 · house %6</source>
        <translation>上一局：右门%1，左门%2 · %3 · 庄本 %4 → %5 · 抽水 %6</translation>
    </message>
    <message>
        <source>the bank is exhausted</source>
        <translation>庄本输光</translation>
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
        <translation>%1 号位：下注</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Place bet</source>
        <translation>确认下注</translation>
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
        <translation>%1 号位</translation>
    </message>
    <message>
        <source>Touch a seat</source>
        <translation>请点选座位</translation>
    </message>
    <message>
        <source>Keypad</source>
        <translation>数字键</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>重复上局</translation>
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
        <translation>确定</translation>
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
        <translation>哪一张牌读错了？</translation>
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
        <translation>庄对</translation>
    </message>
    <message>
        <source>Player pairs</source>
        <translation>闲对</translation>
    </message>
    <message>
        <source>Naturals</source>
        <translation>例牌</translation>
    </message>
    <message>
        <source>Coups</source>
        <translation>局数</translation>
    </message>
</context>
<context>
    <name>CroupierWindow</name>
    <message>
        <source>Seat %1 decides</source>
        <translation>由 %1 号位决定</translation>
    </message>
    <message>
        <source>%1 decides</source>
        <translation>由 %1 决定</translation>
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
        <translation>剩 %1 张</translation>
    </message>
    <message>
        <source>LAST COUP (%1)</source>
        <translation>最后一局（%1）</translation>
    </message>
    <message>
        <source>Cut card out: last coup %1</source>
        <translation>切牌卡已出：最后一局 %1</translation>
    </message>
    <message>
        <source>%1 DRAWS</source>
        <translation>%1补牌</translation>
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
        <translation>场方抽成：%1</translation>
    </message>
    <message>
        <source>Commission boxes: %1</source>
        <translation>佣金盒合计：%1</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>牌局回顾</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>主管</translation>
    </message>
    <message>
        <source>Scoreboard</source>
        <translation>路单</translation>
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
        <translation>切牌卡出现</translation>
    </message>
    <message>
        <source>Exposed card</source>
        <translation>牌面外露</translation>
    </message>
    <message>
        <source>Touch a seat first</source>
        <translation>请先点选座位</translation>
    </message>
    <message>
        <source>The player&apos;s name</source>
        <translation>玩家姓名</translation>
    </message>
    <message>
        <source>Who bids for the bank?</source>
        <translation>谁竞投庄家？</translation>
    </message>
    <message>
        <source>The bystander&apos;s name</source>
        <translation>旁注者姓名</translation>
    </message>
    <message>
        <source>Seat %1: the player&apos;s name</source>
        <translation>%1 号位：玩家姓名</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 号位</translation>
    </message>
    <message>
        <source>%1 puts up a bank of:</source>
        <translation>%1 设庄金额：</translation>
    </message>
    <message>
        <source>%1 will risk for the bank:</source>
        <translation>%1 竞投庄本：</translation>
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
        <translation>第 %1 张牌（读作 %2）实际是：</translation>
    </message>
    <message>
        <source>Key in the card</source>
        <translation>输入这张牌</translation>
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
        <translation>开牌</translation>
    </message>
</context>
<context>
    <name>Initials</name>
    <message>
        <source>B</source>
        <translation>庄</translation>
    </message>
    <message>
        <source>P</source>
        <translation>闲</translation>
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
        <translation>%1 赢 · 派 %2</translation>
    </message>
    <message>
        <source>%1 lose · take %2</source>
        <translation>%1 输 · 收 %2</translation>
    </message>
    <message>
        <source>%1 push</source>
        <translation>%1 退还</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Bets</source>
        <translation>注码</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
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
        <translation>设备</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>void</source>
        <translation>作废</translation>
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
        <translation>注额</translation>
    </message>
    <message>
        <source>Net</source>
        <translation>净额</translation>
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
        <translation>确定</translation>
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
        <translation>主管密码</translation>
    </message>
    <message>
        <source>Supervisor PIN for: %1</source>
        <translation>主管密码：%1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Too many wrong PINs: this role is locked until %1. A technician can set its PIN again.</source>
        <translation>密码错误次数过多：此角色已锁定至 %1。技术人员可重新设置其密码。</translation>
    </message>
    <message>
        <source>The PIN file was changed outside the table or cannot be read: every PIN is refused. Call a technician: restore the PIN file from the backup, or set the PINs again.</source>
        <translation>密码文件已在牌桌之外被更改或无法读取：所有密码一律拒绝。请通知技术人员：从备份恢复密码文件，或重新设置密码。</translation>
    </message>
    <message>
        <source>No PIN is set for this role. IT sets it with: %1</source>
        <translation>此角色尚未设置密码。IT 用以下命令设置：%1</translation>
    </message>
    <message>
        <source>This table deals real cards and has no PIN file: supervisor actions are refused. IT gives the table a journal key ([journal] key) and sets the PINs with: %1</source>
        <translation>此牌桌读取真实的牌，但没有密码文件：主管操作一律拒绝。IT 为牌桌设置日志密钥（[journal] key），并用以下命令设置密码：%1</translation>
    </message>
    <message>
        <source>Wrong PIN</source>
        <translation>密码错误</translation>
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
        <translation>本靴优势投注</translation>
    </message>
    <message>
        <source>Alert history</source>
        <translation>警示记录</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>◀ All tables</source>
        <translation>◀ 全部牌桌</translation>
    </message>
    <message>
        <source>Message to the croupier</source>
        <translation>给荷官的消息</translation>
    </message>
    <message>
        <source>Type a message</source>
        <translation>输入消息</translation>
    </message>
    <message>
        <source>Send…</source>
        <translation>发送…</translation>
    </message>
    <message>
        <source>This shoe</source>
        <translation>本靴</translation>
    </message>
    <message>
        <source>Coups %1</source>
        <translation>局数 %1</translation>
    </message>
    <message>
        <source>Coups %1 · Banker %2 · Player %3 · Tie %4</source>
        <translation>局数 %1 · 庄 %2 · 闲 %3 · 和 %4</translation>
    </message>
    <message>
        <source>%1 hands/hour</source>
        <translation>每小时 %1 局</translation>
    </message>
    <message>
        <source>House result %1 · commission %2</source>
        <translation>庄家输赢 %1 · 佣金 %2</translation>
    </message>
    <message>
        <source>natural</source>
        <translation>天牌</translation>
    </message>
    <message>
        <source>no coup yet</source>
        <translation>尚未开局</translation>
    </message>
    <message>
        <source>%1 cards left</source>
        <translation>剩 %1 张</translation>
    </message>
    <message>
        <source>No bet favours the players in this shoe</source>
        <translation>本靴没有对玩家有利的投注</translation>
    </message>
    <message>
        <source>%1 wins</source>
        <translation>%1赢</translation>
    </message>
    <message>
        <source>%1 loses</source>
        <translation>%1输</translation>
    </message>
    <message>
        <source>%1 stands off</source>
        <translation>%1和</translation>
    </message>
    <message>
        <source>%1: won %2 · lost %3 · stood off %4</source>
        <translation>%1：赢 %2 · 输 %3 · 和 %4</translation>
    </message>
    <message>
        <source>No roads at Banque: roads are for Punto Banco and Chemin de Fer</source>
        <translation>银行百家乐不画路单：路单只用于传统百家乐与铁路百家乐</translation>
    </message>
    <message>
        <source>open</source>
        <translation>未处理</translation>
    </message>
    <message>
        <source>acknowledged %1</source>
        <translation>已确认 %1</translation>
    </message>
    <message>
        <source>resolved (%1) %2</source>
        <translation>已处理（%1）%2</translation>
    </message>
    <message>
        <source>No alert this shift</source>
        <translation>本班没有警示</translation>
    </message>
    <message>
        <source>since %1</source>
        <translation>自 %1</translation>
    </message>
    <message>
        <source>lost %1 times this shift</source>
        <translation>本班中断 %1 次</translation>
    </message>
    <message>
        <source>No device reported</source>
        <translation>未报告设备</translation>
    </message>
    <message>
        <source>journaled by the table</source>
        <translation>牌桌已记录</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>已发送</translation>
    </message>
</context>
<context>
    <name>PitTile</name>
    <message>
        <source>limits %1</source>
        <translation>限红 %1</translation>
    </message>
    <message>
        <source>OFFLINE since %1</source>
        <translation>离线，自 %1</translation>
    </message>
    <message>
        <source>silent since %1</source>
        <translation>无消息，自 %1</translation>
    </message>
    <message>
        <source>online since %1</source>
        <translation>在线，自 %1</translation>
    </message>
    <message>
        <source>shoe %1 · coup %2 · %3 cards left</source>
        <translation>第 %1 靴 · 第 %2 局 · 剩 %3 张</translation>
    </message>
    <message>
        <source>no coup yet</source>
        <translation>尚未开局</translation>
    </message>
    <message>
        <source>%1 hands/hour</source>
        <translation>每小时 %1 局</translation>
    </message>
    <message>
        <source>- hands/hour</source>
        <translation>每小时 - 局</translation>
    </message>
    <message>
        <source>Banker</source>
        <extracomment>A table heard from less recently than this (online, but silent) is shown as silent. How often (seconds) the screen looks for the tables that fell silent. The shortest time (seconds) between two refreshes: a display&apos;s frame (60 Hz). Messages that come within a frame are drawn together, the first of them at most a frame late.</extracomment>
        <translation>庄</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>闲</translation>
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
        <translation>确认…</translation>
    </message>
    <message>
        <source>Shift report (CSV)…</source>
        <translation>班次报表（CSV）…</translation>
    </message>
    <message>
        <source>Sending needs the pit boss&apos;s PINs (--pins and --pin-key-file)</source>
        <translation>发送消息需要巡场主管的密码（--pins 与 --pin-key-file）</translation>
    </message>
    <message>
        <source>Acknowledge an alert</source>
        <translation>确认警示</translation>
    </message>
    <message>
        <source>%1 is offline: the message was not sent</source>
        <translation>%1 离线：消息未发送</translation>
    </message>
    <message>
        <source>Type the message first</source>
        <translation>请先输入消息</translation>
    </message>
    <message>
        <source>A message is 1 to %1 printable characters</source>
        <translation>消息须为 1 至 %1 个可显示字符</translation>
    </message>
    <message>
        <source>Send a message to the croupier</source>
        <translation>发送消息给荷官</translation>
    </message>
    <message>
        <source>dealer-assist · the pit</source>
        <translation>dealer-assist · 巡场</translation>
    </message>
    <message>
        <source>Alerts across the pit</source>
        <translation>全场警示</translation>
    </message>
    <message>
        <source>Shift report</source>
        <translation>班次报表</translation>
    </message>
</context>
<context>
    <name>RecallDialog</name>
    <message>
        <source>Recall</source>
        <translation>牌局回顾</translation>
    </message>
    <message>
        <source>RECALL: PAST COUP, NOT THE CURRENT ONE</source>
        <translation>回顾：这是过去的牌局，不是本局</translation>
    </message>
    <message>
        <source>▲ Newer</source>
        <translation>▲ 较新</translation>
    </message>
    <message>
        <source>▼ Older</source>
        <translation>▼ 较旧</translation>
    </message>
    <message>
        <source>Back to the table</source>
        <translation>返回牌桌</translation>
    </message>
    <message>
        <source>No finished coup to recall yet</source>
        <translation>尚无已完成的牌局</translation>
    </message>
</context>
<context>
    <name>RoadsPanel</name>
    <message>
        <source>Bead Plate</source>
        <translation>珠盘路</translation>
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
        <translation>蟑螂路</translation>
    </message>
</context>
<context>
    <name>ScoreboardWindow</name>
    <message>
        <source>Limits</source>
        <translation>投注限额</translation>
    </message>
    <message>
        <source>Ask road: next Banker / next Player</source>
        <translation>问路：下局庄 / 下局闲</translation>
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
        <translation>庄家</translation>
    </message>
    <message>
        <source>offered the shoe</source>
        <translation>获交牌靴</translation>
    </message>
    <message>
        <source>stake</source>
        <translation>注码</translation>
    </message>
    <message>
        <source>may follow (Suivi)</source>
        <translation>可续押（Suivi）</translation>
    </message>
    <message>
        <source>TURN</source>
        <translation>轮到</translation>
    </message>
    <message>
        <source>may stake %1</source>
        <translation>可下注 %1</translation>
    </message>
    <message>
        <source>plays %1</source>
        <translation>执%1牌</translation>
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
        <translation>作废本局，原因：</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>发牌错误</translation>
    </message>
    <message>
        <source>Two cards stuck</source>
        <translation>两张牌粘在一起</translation>
    </message>
    <message>
        <source>Card exposed</source>
        <translation>牌面外露</translation>
    </message>
    <message>
        <source>Dealer error</source>
        <translation>荷官失误</translation>
    </message>
    <message>
        <source>Correct a misread card</source>
        <translation>更正读错的牌</translation>
    </message>
    <message>
        <source>End the shoe</source>
        <translation>结束本靴</translation>
    </message>
    <message>
        <source>New shoe</source>
        <translation>新牌靴</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>Training</name>
    <message>
        <source>Player draws on 0-5 and stands on 6 or 7.</source>
        <translation>闲家 0-5 点补牌，6 或 7 点停牌。</translation>
    </message>
    <message>
        <source>A natural (8 or 9 on the first two cards) on either side ends the coup: no draw.</source>
        <translation>任一方首两张牌为天牌（8 或 9 点）即结束本局：不补牌。</translation>
    </message>
    <message>
        <source>The higher total wins; equal totals are a tie (Egalite). Call the loser first: &apos;Player shows 6, Banker has 7&apos;.</source>
        <translation>点数高者勝；点数相同为和局。先报输方：「闲 6 点，庄 7 点」。</translation>
    </message>
    <message>
        <source>The commission taken from a Banker win when it is paid (immediate mode).</source>
        <translation>庄赢派彩时即时收取的佣金（即收模式）。</translation>
    </message>
    <message>
        <source>The commission marked in the seat&apos;s box for a Banker win (box mode).</source>
        <translation>庄赢时记入该座位佣金盒的佣金（佣金盒模式）。</translation>
    </message>
    <message>
        <source>The sum to collect from a seat&apos;s box at the shoe&apos;s end (box mode), rounded as the house rounds commission.</source>
        <translation>一靴结束时向该座位佣金盒收取的总额（佣金盒模式），按赌场的佣金进位规则取整。</translation>
    </message>
    <message>
        <source>win</source>
        <translation>赢</translation>
    </message>
    <message>
        <source>tie</source>
        <translation>和</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>对子</translation>
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
        <translation>庄赢佣金</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>补牌</translation>
    </message>
    <message>
        <source>Stand</source>
        <translation>停牌</translation>
    </message>
    <message>
        <source>Does the Player draw?</source>
        <translation>闲家补牌嗎？</translation>
    </message>
    <message>
        <source>Does the Banker draw?</source>
        <translation>庄家补牌嗎？</translation>
    </message>
    <message>
        <source>Call the coup: who wins?</source>
        <translation>报牌：哪方赢？</translation>
    </message>
    <message>
        <source>Seat %1, %2 %3: commission to collect?</source>
        <translation>%1 号座位，%2 %3：应收佣金多少？</translation>
    </message>
    <message>
        <source>any third card</source>
        <translation>任何第三张牌</translation>
    </message>
    <message>
        <source>the Banker draws</source>
        <translation>庄家补牌</translation>
    </message>
    <message>
        <source>the Banker stands</source>
        <translation>庄家停牌</translation>
    </message>
    <message>
        <source>Banker %1: draws against %2; when the Player stands, %3.</source>
        <translation>庄家 %1 点：对%2补牌；闲家停牌时，%3。</translation>
    </message>
    <message>
        <source>%1 (%2) pays %3</source>
        <translation>%1（%2）赔 %3</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation>闲家 %1 点</translation>
    </message>
    <message>
        <source>Banker %1 against a third card of %2</source>
        <translation>庄家 %1 点对第三张牌 %2</translation>
    </message>
    <message>
        <source>Facing a %1 natural</source>
        <translation>对方%1天牌</translation>
    </message>
    <message>
        <source>drawn</source>
        <translation>补牌后</translation>
    </message>
    <message>
        <source>Call a %1 coup: %2</source>
        <translation>报%1的一局：%2</translation>
    </message>
    <message>
        <source>Pay %1 (%2)</source>
        <translation>派彩 %1（%2）</translation>
    </message>
    <message>
        <source>Seat %1, %2 %3: pay how much?</source>
        <translation>%1 号座位，%2 %3：派彩多少？</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Still weak:</source>
        <translation>仍需加强：</translation>
    </message>
    <message>
        <source>no third card</source>
        <translation>无任何第三张牌</translation>
    </message>
    <message>
        <source>, less %1% commission on the win</source>
        <translation>，赢额扣 %1% 佣金</translation>
    </message>
    <message>
        <source>The rate is %1% of the win.</source>
        <translation>佣金率为赢额的 %1%。</translation>
    </message>
    <message>
        <source>Banker %1 against the Player standing</source>
        <translation>庄家 %1 点对闲家停牌</translation>
    </message>
    <message>
        <source>Practice · %1</source>
        <translation>练习 · %1</translation>
    </message>
    <message>
        <source>Deal the next card</source>
        <translation>请发下一张牌</translation>
    </message>
    <message>
        <source>Pace %1 hands an hour · target %2</source>
        <translation>速度每小时 %1 局 · 目标 %2</translation>
    </message>
    <message>
        <source>Right: %1 (%2 s)</source>
        <translation>正确：%1（%2 秒）</translation>
    </message>
    <message>
        <source>Wrong: the answer is %1, not %2 (%3 s). %4</source>
        <translation>错误：答案是%1，不是%2（%3 秒）。%4</translation>
    </message>
    <message>
        <source>Report · %1</source>
        <translation>报告 · %1</translation>
    </message>
    <message>
        <source>%1 answers, %2 right, %3 s each; last session %4 answers an hour</source>
        <translation>共 %1 题，正确 %2，每题 %3 秒；上一节每小时 %4 题</translation>
    </message>
    <message>
        <source> (leech)</source>
        <translation>（屡错）</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>a Player&apos;s third card of %1</source>
        <translation>闲家第三张牌为 %1</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>Player</source>
        <translation>闲</translation>
    </message>
    <message>
        <source>Banker</source>
        <translation>庄</translation>
    </message>
    <message>
        <source>Tie</source>
        <translation>和</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>右门</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>左门</translation>
    </message>
    <message>
        <source>PLAYER</source>
        <translation>闲</translation>
    </message>
    <message>
        <source>BANKER</source>
        <translation>庄</translation>
    </message>
    <message>
        <source>RIGHT</source>
        <translation>右门</translation>
    </message>
    <message>
        <source>LEFT</source>
        <translation>左门</translation>
    </message>
    <message>
        <source>Player Pair</source>
        <translation>闲对</translation>
    </message>
    <message>
        <source>Banker Pair</source>
        <translation>庄对</translation>
    </message>
    <message>
        <source>Either Pair</source>
        <translation>任意对子</translation>
    </message>
    <message>
        <source>Perfect Pair</source>
        <translation>完美对子</translation>
    </message>
    <message>
        <source>Dragon Bonus Player</source>
        <translation>闲龙宝</translation>
    </message>
    <message>
        <source>Dragon Bonus Banker</source>
        <translation>庄龙宝</translation>
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
        <translation>幸运六</translation>
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
        <translation>Banco Suivi 续押</translation>
    </message>
    <message>
        <source>Suivi</source>
        <translation>Suivi 续押</translation>
    </message>
    <message>
        <source>Banco Seul</source>
        <translation>Banco Seul 独押</translation>
    </message>
    <message>
        <source>win</source>
        <translation>赢</translation>
    </message>
    <message>
        <source>lose</source>
        <translation>输</translation>
    </message>
    <message>
        <source>push</source>
        <translation>退还</translation>
    </message>
    <message>
        <source>stand-off</source>
        <translation>和局</translation>
    </message>
    <message>
        <source>Device lost</source>
        <translation>设备断线</translation>
    </message>
    <message>
        <source>Unreadable card</source>
        <translation>无法读取的牌</translation>
    </message>
    <message>
        <source>Duplicate card</source>
        <translation>重复的牌</translation>
    </message>
    <message>
        <source>Foreign card</source>
        <translation>外来的牌</translation>
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
        <translation>牌发错一方</translation>
    </message>
    <message>
        <source>Card before the decision</source>
        <translation>决定前已发牌</translation>
    </message>
    <message>
        <source>Card to a standing hand</source>
        <translation>停牌的一方又发牌</translation>
    </message>
    <message>
        <source>Card before the cards are turned</source>
        <translation>翻牌前已发牌</translation>
    </message>
    <message>
        <source>Card while the table is held</source>
        <translation>暂停时出牌</translation>
    </message>
    <message>
        <source>No shoe in play</source>
        <translation>没有使用中的牌靴</translation>
    </message>
    <message>
        <source>No coup may start</source>
        <translation>不可开始新局</translation>
    </message>
    <message>
        <source>Shoe empty</source>
        <translation>牌靴已空</translation>
    </message>
    <message>
        <source>Bet favours the players</source>
        <translation>此注对玩家有利</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>发牌错误</translation>
    </message>
    <message>
        <source>Camera moved</source>
        <translation>摄像机移动了</translation>
    </message>
    <message>
        <source>Camera falling behind</source>
        <translation>摄像机处理跟不上</translation>
    </message>
    <message>
        <source>Program verification failed</source>
        <translation>程序验证失败</translation>
    </message>
    <message>
        <source>Clock not synchronised</source>
        <translation>时钟未同步</translation>
    </message>
    <message>
        <source>Journal disk nearly full</source>
        <translation>日志磁盘将满</translation>
    </message>
    <message>
        <source>The table was restarted</source>
        <translation>牌桌程序已重新启动</translation>
    </message>
    <message>
        <source>No card is dealt: the technician checks the table computer and re-verifies</source>
        <translation>暂停发牌：由技术人员检查牌桌电脑并重新验证</translation>
    </message>
    <message>
        <source>Deal on; tell IT: the table&apos;s clock is not synchronised (journal times may drift)</source>
        <translation>继续发牌；通知IT部门：牌桌时钟未同步（日志时间可能偏移）</translation>
    </message>
    <message>
        <source>Deal on; tell IT now: the journal&apos;s disk is nearly full</source>
        <translation>继续发牌；立即通知IT部门：日志磁盘将满</translation>
    </message>
    <message>
        <source>Check the table and the last coup; tell IT: the table was restarted because it stopped answering</source>
        <translation>检查牌桌与上一局；通知IT部门：牌桌程序因停止响应而重新启动</translation>
    </message>
    <message>
        <source>Re-verify (technician)</source>
        <translation>重新验证（技术人员）</translation>
    </message>
    <message>
        <source>Deal no card until it is back, or deal by hand and enter cards</source>
        <translation>恢复前不要发牌，或手动发牌并输入牌</translation>
    </message>
    <message>
        <source>Card to a hand this game has not</source>
        <translation>牌发到本游戏没有的门</translation>
    </message>
    <message>
        <source>A card device stopped answering</source>
        <translation>读牌设备没有回应</translation>
    </message>
    <message>
        <source>A device saw a card it could not read</source>
        <translation>设备看到一张无法读取的牌</translation>
    </message>
    <message>
        <source>A card came out more often than the shoe holds it (a duplicate)</source>
        <translation>出牌次数多于牌靴所含（重复牌）</translation>
    </message>
    <message>
        <source>A card that is not in this shoe&apos;s decks came out (check the deck set)</source>
        <translation>出了一张不属于本靴牌组的牌（请检查牌组）</translation>
    </message>
    <message>
        <source>The cards come out in an order a shuffled shoe would not give</source>
        <translation>出牌顺序不像已洗好的牌靴</translation>
    </message>
    <message>
        <source>A card came out after the coup was complete: it is an extra card</source>
        <translation>本局完成后又出牌：这是多余的牌</translation>
    </message>
    <message>
        <source>A card was dealt to the wrong hand</source>
        <translation>牌发错了门</translation>
    </message>
    <message>
        <source>A card was dealt to a hand this game has not</source>
        <translation>牌发到本游戏没有的门</translation>
    </message>
    <message>
        <source>A card came out before the hand chose to draw or stand</source>
        <translation>该门决定补牌或停牌之前就出牌</translation>
    </message>
    <message>
        <source>A card was dealt to a hand that stands</source>
        <translation>牌发给了已停牌的一门</translation>
    </message>
    <message>
        <source>A card came out before the face-down cards were turned</source>
        <translation>盖着的牌翻开之前就出牌</translation>
    </message>
    <message>
        <source>A card came out while the table is held</source>
        <translation>牌桌暂停时出牌</translation>
    </message>
    <message>
        <source>A card was read but the shoe has ended</source>
        <translation>牌靴已结束，仍读到一张牌</translation>
    </message>
    <message>
        <source>A card came out but no coup may start</source>
        <translation>出牌了，但现在不能开新局</translation>
    </message>
    <message>
        <source>Every card of the shoe is out</source>
        <translation>牌靴的牌已全部发出</translation>
    </message>
    <message>
        <source>A bet now favours the players with the cards left in the shoe</source>
        <translation>按牌靴剩余的牌，某注项现在对玩家有利</translation>
    </message>
    <message>
        <source>The coup was misdealt</source>
        <translation>本局发牌错误</translation>
    </message>
    <message>
        <source>A card came out before &quot;no more bets&quot;</source>
        <translation>“停止下注”之前就出牌</translation>
    </message>
    <message>
        <source>A card lies on the wrong hand: move it</source>
        <translation>有一张牌放错了门：请移正</translation>
    </message>
    <message>
        <source>The camera sees another card than the shoe read</source>
        <translation>摄像头看到的牌与牌靴读到的不同</translation>
    </message>
    <message>
        <source>The camera sees a card the shoe did not deal in this coup</source>
        <translation>摄像头看到一张本局牌靴没有发出的牌</translation>
    </message>
    <message>
        <source>A card was laid out in another order than the shoe dealt it</source>
        <translation>牌在桌上的次序与牌靴发出的次序不同</translation>
    </message>
    <message>
        <source>The camera could not read a card</source>
        <translation>摄像头无法读取一张牌</translation>
    </message>
    <message>
        <source>The camera moved and recalibrated itself</source>
        <translation>摄像头移动过，已自行重新校准</translation>
    </message>
    <message>
        <source>The camera reads cards later than they come</source>
        <translation>摄像头读牌落后于出牌</translation>
    </message>
    <message>
        <source>The table&apos;s program files do not match the signed release</source>
        <translation>牌桌的程序文件与签署的版本不符</translation>
    </message>
    <message>
        <source>The table computer&apos;s clock is not synchronised</source>
        <translation>牌桌电脑的时钟未同步</translation>
    </message>
    <message>
        <source>The journal&apos;s disk is nearly full</source>
        <translation>记录文件磁盘快满了</translation>
    </message>
    <message>
        <source>The table stopped answering and was restarted</source>
        <translation>牌桌程序没有响应，已重新启动</translation>
    </message>
    <message>
        <source>Move the card to the hand it belongs to, then acknowledge; or a supervisor voids the coup</source>
        <translation>把牌移到它所属的门，然后确认；或由主管取消本局</translation>
    </message>
    <message>
        <source>A supervisor checks the card on the layout: if the shoe is right, override; if the camera is right, correct the card, then override; or void the coup</source>
        <translation>主管检查桌上的牌：牌靴正确则强制通过；摄像头正确则更正该牌后强制通过；或取消本局</translation>
    </message>
    <message>
        <source>Message from the pit</source>
        <translation>来自巡场的消息</translation>
    </message>
    <message>
        <source>The table refused a command</source>
        <translation>牌桌拒绝了一个指令</translation>
    </message>
    <message>
        <source>Check the device; the card was not taken</source>
        <translation>请检查设备；这张牌未被记录</translation>
    </message>
    <message>
        <source>Deal on: the camera recalibrated itself; tell IT if it keeps moving</source>
        <translation>继续发牌：摄像机已自动重新校准；若一再移动请通知 IT</translation>
    </message>
    <message>
        <source>Deal on: cards are read later; tell IT the table computer is too slow</source>
        <translation>继续发牌：牌会较晚读到；请通知 IT 牌桌电脑太慢</translation>
    </message>
    <message>
        <source>A supervisor keys in the card, or voids the coup</source>
        <translation>由主管输入这张牌，或作废本局</translation>
    </message>
    <message>
        <source>Set the card aside; start a new shoe</source>
        <translation>把牌放到一旁；开始新牌靴</translation>
    </message>
    <message>
        <source>Set the card aside (it does not go back in the shoe); resolve the alert first</source>
        <translation>把牌放到一旁（不放回牌靴）；先处理警示</translation>
    </message>
    <message>
        <source>Set the card aside and deal the next one, or a supervisor accepts it or voids the coup</source>
        <translation>把牌放到一旁并发下一张，或由主管接受这张牌或作废本局</translation>
    </message>
    <message>
        <source>Set the card aside</source>
        <translation>把牌放到一旁</translation>
    </message>
    <message>
        <source>Set the card aside; close the bank&apos;s calls and stakes, then deal</source>
        <translation>把牌放一边；截止庄家的叫注和下注后再发牌</translation>
    </message>
    <message>
        <source>Burn the extra card: it is out of play</source>
        <translation>烧掉多出的牌：不再使用</translation>
    </message>
    <message>
        <source>Set it aside, or a supervisor voids the coup</source>
        <translation>把牌放到一旁，或由主管作废本局</translation>
    </message>
    <message>
        <source>A supervisor accepts the card (the hand draws), or sets it aside, or voids</source>
        <translation>由主管接受这张牌（该方补牌），或放到一旁，或作废本局</translation>
    </message>
    <message>
        <source>Move the card to the hand the tableau calls, or a supervisor voids the coup</source>
        <translation>把牌移到规则指定的一方，或由主管作废本局</translation>
    </message>
    <message>
        <source>Stop the game and call the pit: the shoe may not have been shuffled</source>
        <translation>停止牌局并通知主管：牌靴可能未洗牌</translation>
    </message>
    <message>
        <source>Tell the pit: the bet may be closed for the rest of the shoe</source>
        <translation>通知主管：本靴余下牌局可停止此注</translation>
    </message>
    <message>
        <source>Keep the card face down and apart; turn the cards, then a supervisor accepts it (the tableau places it) or sets it aside; or voids the coup</source>
        <translation>把牌盖着另放；先翻开牌，再由主管接受此牌（按补牌规则放置）或将其放到一旁；或取消本局</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Card set aside</source>
        <translation>牌已放到一旁</translation>
    </message>
    <message>
        <source>Accept the card</source>
        <translation>接受这张牌</translation>
    </message>
    <message>
        <source>Key in the card</source>
        <translation>输入这张牌</translation>
    </message>
    <message>
        <source>Void the coup</source>
        <translation>作废本局</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>强制继续</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>连接中</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>LOST</source>
        <translation>断线</translation>
    </message>
    <message>
        <source>recovering</source>
        <translation>恢复中</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>补牌</translation>
    </message>
    <message>
        <source>Stand</source>
        <translation>停牌</translation>
    </message>
    <message>
        <source>Below the table minimum</source>
        <translation>低于最低投注</translation>
    </message>
    <message>
        <source>Above the table maximum</source>
        <translation>高于最高投注</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <source>No last bet to repeat</source>
        <translation>没有上局注码可重复</translation>
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
        <translation>本桌没有这种投注</translation>
    </message>
    <message>
        <source>Not an amount</source>
        <translation>不是有效金额</translation>
    </message>
    <message>
        <source>Needs the technician</source>
        <translation>需要技术人员</translation>
    </message>
    <message>
        <source>This table has no program verification</source>
        <translation>本桌没有程序验证</translation>
    </message>
    <message>
        <source>Baccarat</source>
        <translation>百家乐</translation>
    </message>
    <message>
        <source>Punto Banco (5% commission)</source>
        <translation>传统百家乐（庄赢抽佣 5%）</translation>
    </message>
    <message>
        <source>No-commission Punto Banco (a Banker win on 6 pays half)</source>
        <translation>免佣百家乐（庄 6 点赢赔一半）</translation>
    </message>
    <message>
        <source>EZ Baccarat (a three-card Banker 7 pushes Banker bets)</source>
        <translation>EZ 百家乐（庄三张牌 7 点赢，庄注和局）</translation>
    </message>
    <message>
        <source>Chemin de Fer</source>
        <translation>铁路百家乐</translation>
    </message>
    <message>
        <source>Baccarat Banque (à deux tableaux)</source>
        <translation>银行百家乐（双门）</translation>
    </message>
    <message>
        <source>Égalité %1</source>
        <translation>和 %1 点</translation>
    </message>
    <message>
        <source>BURN %1 MORE CARD(S)</source>
        <translation>再烧 %1 张牌</translation>
    </message>
    <message>
        <source>HOLD: %1</source>
        <translation>暂停：%1</translation>
    </message>
    <message>
        <source>TURN THE %1 CARDS</source>
        <translation>开%1的牌</translation>
    </message>
    <message>
        <source>CARD TO %1</source>
        <translation>发牌给%1</translation>
    </message>
    <message>
        <source>%1 DRAWS</source>
        <translation>%1补牌</translation>
    </message>
    <message>
        <source>%1 STANDS</source>
        <translation>%1停牌</translation>
    </message>
    <message>
        <source>%1: DRAW OR STAND?</source>
        <translation>%1：补牌还是停牌？</translation>
    </message>
    <message>
        <source>NATURAL EGALITE %1</source>
        <translation>例牌和局 %1 点</translation>
    </message>
    <message>
        <source>EGALITE %1</source>
        <translation>和局 %1 点</translation>
    </message>
    <message>
        <source>NATURAL %1, %2 WINS</source>
        <translation>例牌 %1 点，%2赢</translation>
    </message>
    <message>
        <source>%1 WINS %2 TO %3</source>
        <translation>%1赢 %2 比 %3</translation>
    </message>
    <message>
        <source>%1 WINS</source>
        <translation>%1赢</translation>
    </message>
    <message>
        <source>%1 LOSES</source>
        <translation>%1输</translation>
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
        <translation>请下注</translation>
    </message>
    <message>
        <source>SHOE ENDED: START A NEW SHOE</source>
        <translation>本靴结束：请开始新牌靴</translation>
    </message>
    <message>
        <source>TURN THE FIRST CARD FOR THE BURN</source>
        <translation>翻开第一张牌以决定烧牌数</translation>
    </message>
    <message>
        <source>COUP VOID</source>
        <translation>本局作废</translation>
    </message>
    <message>
        <source>%1 shows %2, %3 has %4</source>
        <translation>%1 %2 点，%3 %4 点</translation>
    </message>
    <message>
        <source>Egalite, %1 each</source>
        <translation>和局，各 %1 点</translation>
    </message>
    <message>
        <source>Banker has %1; %2</source>
        <translation>庄 %1 点；%2</translation>
    </message>
    <message>
        <source>%1 saw a card it could not read</source>
        <translation>%1 读到一张无法辨认的牌</translation>
    </message>
    <message>
        <source>%1 is lost: no answer</source>
        <translation>%1 失去连线：没有回应</translation>
    </message>
    <message>
        <source>%1 read but the shoe has ended</source>
        <translation>读到 %1，但牌靴已结束</translation>
    </message>
    <message>
        <source>%1 came out while the table is held</source>
        <translation>牌桌暂停时出了 %1</translation>
    </message>
    <message>
        <source>%1 came out before &quot;no more bets&quot;</source>
        <translation>“停止下注”之前出了 %1</translation>
    </message>
    <message>
        <source>%1 now favours the players: %2% per unit staked with %3 cards left</source>
        <translation>%1 现在对玩家有利：每单位投注 %2%，剩 %3 张</translation>
    </message>
    <message>
        <source>coup %1 of shoe %2; no bets</source>
        <translation>第 %2 靴第 %1 局；无下注</translation>
    </message>
    <message>
        <source>coup %1 of shoe %2; bets: %3</source>
        <translation>第 %2 靴第 %1 局；下注：%3</translation>
    </message>
    <message>
        <source>%1 to the %2 face down</source>
        <translation>%1 盖牌发给%2</translation>
    </message>
    <message>
        <source>%1 to the %2</source>
        <translation>%1 发给%2</translation>
    </message>
    <message>
        <source>%1 cards turned</source>
        <translation>%1的牌已开</translation>
    </message>
    <message>
        <source>complete: %1; %2</source>
        <translation>完成：%1；%2</translation>
    </message>
    <message>
        <source>seat %1 %2 %3: %4, payout %5, commission %6</source>
        <translation>%1 号位 %2 %3：%4，派彩 %5，佣金 %6</translation>
    </message>
    <message>
        <source>cut card out; last coup %1</source>
        <translation>切牌卡出现；最后一局 %1</translation>
    </message>
    <message>
        <source>seat %1 %2 %3</source>
        <translation>%1 号位 %2 %3</translation>
    </message>
    <message>
        <source>Card before no more bets</source>
        <translation>尚未停止下注就出牌</translation>
    </message>
    <message>
        <source>Card in the wrong place</source>
        <translation>牌放错位置</translation>
    </message>
    <message>
        <source>The camera sees another card</source>
        <translation>摄像机看到的是另一张牌</translation>
    </message>
    <message>
        <source>Card the shoe did not deal</source>
        <translation>牌靴未发出的牌</translation>
    </message>
    <message>
        <source>Cards laid out of order</source>
        <translation>牌的摆放顺序错误</translation>
    </message>
    <message>
        <source>The camera cannot confirm</source>
        <translation>摄像机无法确认</translation>
    </message>
    <message>
        <source>Check the layout: no other card belongs to this coup</source>
        <translation>请检查桌面：本局没有其他的牌</translation>
    </message>
    <message>
        <source>Check the card on the layout; the shoe&apos;s card stands</source>
        <translation>请检查桌面上的牌；以牌靴读到的牌为准</translation>
    </message>
    <message>
        <source>Lay each card on the layout as it comes out of the shoe</source>
        <translation>每张牌出靴后即依序放到桌面上</translation>
    </message>
    <message>
        <source>Take the card off the layout and call the supervisor; or a supervisor voids the coup</source>
        <translation>把牌从桌面上拿开并呼叫主管；或由主管作废本局</translation>
    </message>
</context>
</TS>
