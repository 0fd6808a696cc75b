### Hermagor messages: (English, Hungarian).  Hungarian names follow the
### Hungarian rulebook (Thaur's translation).

name = Hermagor
rules = Öt forduló (4–5 játékosnál négy), mindegyik három fázisból. 1. Piac: a bódékra lapkák kerülnek, felcsapunk egy akciólapkát: mindenki ennyi lerakatot kap. Sorban legfeljebb 4 vásárlót raktok le: gazdátlan lapkára (2 pénz) vagy üres számozott mezőre (a száma), vagy passzoltok. 2. Készülődés: soronként/oszloponként a mezőkön álló vásárlóid 1/3/6/10 pénzt hoznak (kereszteződés kétszer számít). A lapkát a bódé körül és rajta legtöbb vásárlóval bíró játékos kapja (egyenlőségnél a bódén álló, majd a több oldalsó vásárló, különben marad). Közönséges árulapkánál az ár 1-gyel emelhető (legfeljebb 10). Akinek nincs árulapkája, húz egyet. A legkisebb számú lapka gazdája jelöli ki a kezdőjátékost. 3. Falvak: sorban egy-egy cselekedet, amíg van lerakat: mozgás és árusítás (az utak ára, akár az eladásból), árusítás mozgás nélkül, mozgás árusítás nélkül (fél ár, egy lerakat vissza) vagy passz (egy lerakat vissza). Olyan faluban adhatsz el, ahol nincs lerakatod és az áruja nálad van: az ár a tiéd, a többi lerakat 1-et kap, lerakod a lerakatodat. Ha körbeveszel egy régiót, korong a termelőépülete sorának legértékesebb szabad mezőjére, zászlóért a nemességsávra. Vége: soronként a vörös érték, a legkisebb hercegségi szám ×3 (5 főnél ×4), főút +5/−5. A legtöbb pénz nyer; egyenlőségnél a több korong az ártáblázaton (a nemességsávon is), majd a nemességsávon előrébb álló korong. 2 játékos: közös harmadik szín; ha körbevesz egy régiót, korongja mindig az ártáblázatra kerül (a soron lévő játékos választja a sort).
option-tax = Adótisztviselő
option-tax-desc = A kezdőjátékos az 1. fázisban, a pénz felmutatásával dől el.
option-six = 6-os akciólapka
option-six-desc = A 6-os akciólapka kiváltja az egyik 4-est (hosszabb játék).
option-ten = 10 induló pénz
option-ten-desc = 20 helyett 10 pénzzel kezdtek.

## goods and buildings

good-corn = kukorica
good-amulet = amulett
good-weapon = fegyver
good-egg = sárkánytojás
good-salt = só
good-book = könyv
good-blessing = áldás
good-relic = ereklye
building-corn = kukoricaföld
building-amulet = látnoksátor
building-weapon = fegyverkovács
building-egg = sárkányvölgy
building-salt = sóbánya
building-book = könyvtár
building-blessing = templom
building-relic = temető
tile-single = { $n }. lapka: { $good } ↑
tile-double = { $n }. lapka: { $a } + { $b }
tile-fluct = Áringadozás
tile-side = Mellékút
tile-black = Feketepiac
tile-deal = Jó üzlet
duchy-0 = az északi hercegség
duchy-1 = a déli hercegség
duchy-2 = a nyugati hercegség
shared = A közös szín
village = { $n }. falu ({ $good })
band = { $a }–{ $b } bódé, { $lo }–{ $hi }. mező
where-stall = { ARTICLE($name) } { $name } bódéra
where-space = { ARTICLE($name) } { $name }. mezőre

## actions

act-band = Vásárló: { $band }
act-sband = Közös vásárló: { $band }
act-stall = { $name } bódé — { $cost } pénz
act-space = { $name }. mező — { $cost } pénz
act-stall_shared = { $name } bódé (ingyen)
act-space_shared = { $name }. mező (ingyen)
act-back = Vissza
act-pass_buyer = Passz (eggyel kevesebb vásárló)
act-skip_shared = Most nincs közös vásárló
act-show = Megmutatom a pénzem
act-hide = Passz (titokban tartom)
act-rise = Legyen { ARTICLE($good) } { $good } ára { $price }
act-norise = Nem emelek árat
act-fluct = { $good }: { $price }
act-start = { $seat } kezd
act-sell = Árusítás itt: { $village }, { $price } pénz
act-move = Mozgás és árusítás
act-side = Mozgás és árusítás mellékúton (fél ár)
act-move_in = Mozgás és árusítás: { $duchy }
act-side_in = Mellékúton (fél ár): { $duchy }
act-walk = Mozgás árusítás nélkül: { $duchy }
act-pass = Passz (egy lerakat vissza)
act-spost = Közös lerakat lerakása
act-done = Kör vége
act-move_to = { $village }: útiköltség { $cost }, ár { $price }
act-walk_to = { $village }: { $cost } pénz
act-spost_to = Közös lerakat: { $village }
act-prod = Korong: { $good } ({ $value })
act-noprod = Nem rakok termelőépületet

## prompts

prompt-wait = Várakozás a többiekre.
prompt-tax = Adótisztviselő: mutasd meg a pénzed, vagy passzolj.
prompt-buy = Rakj le egy vásárlót (még { $left }), vagy passzolj.
prompt-band = Válassz bódét vagy mezőt.
prompt-band_shared = Válassz bódét vagy mezőt a közös vásárlónak.
prompt-rise = Megemeled { ARTICLE($good) } { $good } árát?
prompt-fluct = Áringadozás: melyik áru ára nőjön?
prompt-name = Jelöld ki a kezdőjátékost.
prompt-prod = { ARTICLE($region, case: "upper") } { $region }. régió körbevéve: lerakod a termelőépületet?
prompt-prod_shared = A közös szín körbevette { ARTICLE($region) } { $region }. régiót: válaszd ki, melyik sorba kerüljön a korongja.
prompt-act = Cselekedj ({ $left } lerakatod van).
prompt-after = Rakj le közös lerakatot, vagy fejezd be a kört.
prompt-move = Hová mész árusítani?
prompt-side = Hová mész a mellékúton?
prompt-walk = Hová mész (árusítás nélkül)?
prompt-spost = Hová kerüljön a közös lerakat?

## events

ev-round = { $round }. forduló: { SUFFIX($actions, "es") } akciólapka, { $start } kezd.
ev-show = { $seat } { $amount } pénzt mutat.
ev-hide = { $seat } passzol.
ev-tie_random = Egyenlőség: a véletlenül sorsolt { $first } játékostól számolva { $seat } dönt.
ev-namer = { $seat } jelöli ki a kezdőjátékost.
ev-buyer = { $seat } vásárlót rak { $where } { $cost } pénzért.
ev-buyer_shared = { $seat } közös vásárlót rak { $where }.
ev-pass_buyer = { $seat } passzol.
ev-info = { $seat } { $amount } pénzt kap piaci információkért.
ev-tile = { $seat } megszerzi: { $tile }.
ev-tile_shared = A közös szín szerzi meg: { $tile }; vissza a zsákba.
ev-tile_stays = { $tile } { ARTICLE($stall) } { $stall } bódén marad.
ev-price = { ARTICLE($good, case: "upper") } { $good } ára { SUFFIX($price, "re") } nő.
ev-rise = { $seat } { SUFFIX($price, "re") } emeli { ARTICLE($good) } { $good } árát.
ev-norise = { $seat } nem emel árat.
ev-deal = { $seat } 5 pénzt kap (jó üzlet).
ev-draw = { $seat } nem szerzett árulapkát, húz: { $tile }.
ev-lowest = { $seat } lapkáján a legkisebb szám ({ $n }).
ev-start = { $seat } kijelöli kezdőjátékosnak: { $start }.
ev-pass = { $seat } passzol, egy lerakatot visszatesz.
ev-walk = { $seat } árusítás nélkül ide megy: { $village }, { $cost } pénzért.
ev-move = { $seat } ide megy: { $village }, útiköltség { $cost }.
ev-sell = { $seat } { $good } árut ad el itt: { $village }, { $price } pénzért.
ev-post_income = { $seat } { $amount } pénzt kap az ottani lerakatáért.
ev-black = Feketepiac: a többi lerakat nem kap pénzt.
ev-spost = { $seat } közös lerakatot rak ide: { $village }.
ev-enclose = { $who } körbeveszi { ARTICLE($region) } { $region }. régiót.
ev-nobility = { $who } a nemességsáv { SUFFIX($value, "es") } mezőjére kerül.
ev-nobility_full = { $who } nem léphet a nemességsávra: nincs rajta hely.
ev-nobility_nodisc = { $who } nem tud a nemességsávra lépni: nincs több korongja.
ev-noprod_discs = { $who } nem kap termelőépületet { ARTICLE($region) } { $region }. körbevett régióért: nincs több korongja.
ev-noprod_full = { $who } nem kap termelőépületet { ARTICLE($region) } { $region }. körbevett régióért: nincs szabad mező ebben a sorban: { $goods }.
ev-noprod_full_rows = { $who } nem kap termelőépületet { ARTICLE($region) } { $region }. körbevett régióért: nincs szabad mező ezekben a sorokban: { $goods }.
ev-move_side = { $seat } mellékúton ide megy: { $village }; fél útiköltség, { $full } helyett { $cost }; a lapka visszakerül a zsákba.
and2 = { $g0 } és { $g1 }
and3 = { $g0 }, { $g1 } és { $g2 }
ev-prod = { $who } termelőépülete { ARTICLE($good) } { $good } sorba kerül: { $value }.
ev-noprod = { $who } nem rak le termelőépületet.
ev-round_end = { ARTICLE($round, case: "upper") } { $round }. forduló véget ért, a lapkák visszakerülnek a zsákba.
ev-money = { $amount } pénzed van.
ev-final = { $seat }: termelőépületek { $prod }, lerakatok { $posts }, főút { $road } → { $total }.
final-prod = Termelőépületek: { $amount }
final-posts = Lerakatok { $a }/{ $b }/{ $c }: { $amount }
final-road = Főút: { $amount }
final-total = Összesen: { $amount } pénz, { $discs } korong az ártáblázaton
err-not_now = Most nem te következel.
err-illegal = Ez a lépés most nem lehetséges.

## renderer

ui-round = { $round }. forduló
ui-actions_left = Hátralévő akciólapkák: { $n }
ui-market = Piactér
ui-prices = Ártáblázat
ui-nobility = Nemesség
ui-posts = lerakat { $n }
ui-discs = korong { $n }
ui-buyers = vásárló { $n }
ui-start = kezdőjátékos
ui-money = Pénzed: { $amount }
ui-tiles = Lapkáid
ui-no_tiles = nincs lapka
ui-main_road = főút
ui-bag = zsák: { $n } lapka
ui-turn = soron: { $seat }
ui-over = Vége a játéknak
ui-winner = Győztes: { $seat }
ui-winners = Megosztott győzelem: { $names }
ui-result_row = { $rank }. { $seat }: { $amount } pénz · { $discs } korong az ártáblázaton
ui-result_detail = termelőépületek { $prod }, lerakatok { $posts }, főút { $road }
ui-tie_discs = Holtverseny ({ $amount } pénz): { $seat } javára dönt a több korong az ártáblázaton.
ui-tie_nobility = Holtverseny ({ $amount } pénz, { $discs } korong): { $seat } korongja áll előrébb a nemességsávon.
ui-tie_shared = Pénzben, korongban és nemességben egyenlők: { $names } osztoznak a helyen.
ui-action_tile = akciólapka:
ui-legend_post = lerakat
ui-legend_building = termelőépület (régió)
ui-legend_flag = nemesség zászlaja
ui-river = folyó: a hercegségek határa
ui-shared_left = közös: { $n }

## private summary (offline console)

summary-money = Pénz: { $amount }
summary-posts = Lerakatok: { $n } előtted, { $supply } a készletedben
summary-shared = Közös szín: { $posts } lerakat, { $buyers } vásárló
summary-buyers = Vásárlók: még { $n }
summary-discs = Termelőépület-korongok: még { $n }
summary-tiles = Lapkák ({ $n }): { $tiles }
summary-no_tiles = Lapkák: nincs
