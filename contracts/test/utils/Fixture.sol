// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoToken} from "../../src/EternoToken.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {EtroSwap} from "../../src/EtroSwap.sol";
import {EternoStaking} from "../../src/EternoStaking.sol";
import {EternoFarm} from "../../src/EternoFarm.sol";
import {IUniswapV2Pair as IPair} from "../../src/interfaces/IUniswapV2Pair.sol";
import {Test} from "./Test.sol";
import {IUniswapV2Factory, IUniswapV2Router02, IWETH9, UniswapV2Deployer} from "./UniswapV2.sol";

/// @notice The DeFi core as the deploy script builds it: tokens, the Uniswap V2 pairs EULP (ETRO/USDT,
///         1 ETRO = 0.5 USDT) and ELP (EUSD/USDT, 1:1), the lock ledger, the swap, both staking pools and
///         the farm with pools 0 = EULP and 1 = ELP. The fixture contract owns and administers everything
///         and holds the tokens' remaining supply.
abstract contract Fixture is Test {
    uint256 internal constant POOL_ETRO = 1_000_000e18;
    uint256 internal constant POOL_USDT = 500_000e18;
    uint256 internal constant ELP_EUSD = 500_000e18;
    uint256 internal constant ELP_USDT = 500_000e18;
    uint256 internal constant STAKE_RESERVE = 1_000_000e18;
    uint64 internal constant REWARD_RELEASE = 30 days;
    uint256 internal constant FARM_STAGE_BLOCKS = 1000;

    address internal feeReceiver = address(0xFEE);

    EternoToken internal etro;
    EternoToken internal usdt;
    EternoToken internal eusd;
    IWETH9 internal wfon;
    IUniswapV2Factory internal factory;
    IUniswapV2Router02 internal router;
    IERC20 internal eulp;
    IERC20 internal elp;
    LockLedger internal ledger;
    EtroSwap internal swapper;
    EternoStaking internal stakingEtro;
    EternoStaking internal stakingEulp;
    EternoFarm internal farm;

    /// @dev Tokens, AMM and both pairs.
    function deployAmm() internal {
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        usdt = new EternoToken("Tether USD", "USDT", 1_000_000_000e18, address(this));
        eusd = new EternoToken("EUSD", "EUSD", 1_000_000_000e18, address(this));
        (wfon, factory, router) = UniswapV2Deployer.deployAll(address(this));
        eulp = IERC20(addLiquidity(etro, usdt, POOL_ETRO, POOL_USDT, address(this)));
        elp = IERC20(addLiquidity(eusd, usdt, ELP_EUSD, ELP_USDT, address(this)));
    }

    /// @dev The ledger, the swap (a ledger writer) and its fee receiver (also the ledger's claim-fee receiver).
    function deployLedgerAndSwap() internal {
        ledger = new LockLedger(etro, address(this));
        ledger.setFeeReceiver(feeReceiver);
        swapper = new EtroSwap(IPair(address(eulp)), usdt, etro, ledger, feeReceiver, address(this));
        ledger.setupWriter(address(swapper), LockLedger.Kind.Swap);
    }

    /// @dev Both staking pools (ledger writers), each with a funded reward reserve.
    function deployStaking() internal {
        stakingEtro = new EternoStaking(etro, ledger, EternoStaking.Accrual.Daily, 100e18, REWARD_RELEASE, address(this));
        stakingEulp = new EternoStaking(eulp, ledger, EternoStaking.Accrual.PerSecond, 1e18, REWARD_RELEASE, address(this));
        ledger.setupWriter(address(stakingEtro), LockLedger.Kind.Stake);
        ledger.setupWriter(address(stakingEulp), LockLedger.Kind.Stake);
        etro.approve(address(stakingEtro), STAKE_RESERVE);
        stakingEtro.fundRewards(STAKE_RESERVE);
        etro.approve(address(stakingEulp), STAKE_RESERVE);
        stakingEulp.fundRewards(STAKE_RESERVE);
    }

    /// @dev The farm: 4 stages of FARM_STAGE_BLOCKS blocks at 4, 3, 2, 1 ETRO per block, pools EULP (60)
    ///      and ELP (40), started at the next block.
    function deployFarm() internal {
        farm = new EternoFarm(etro, farmStageBlocks(), farmStageRates(), address(this));
        farm.add(60, eulp);
        farm.add(40, elp);
        etro.approve(address(farm), farm.totalEmission());
        farm.start(block.number + 1);
    }

    function deployAll() internal {
        deployAmm();
        deployLedgerAndSwap();
        deployStaking();
        deployFarm();
    }

    function farmStageBlocks() internal pure returns (uint256[4] memory) {
        return [FARM_STAGE_BLOCKS, FARM_STAGE_BLOCKS, FARM_STAGE_BLOCKS, FARM_STAGE_BLOCKS];
    }

    function farmStageRates() internal pure returns (uint256[4] memory) {
        return [uint256(4e18), 3e18, 2e18, 1e18];
    }

    /// @dev Adds `amountA` + `amountB` through the router (creating the pair); returns the pair.
    function addLiquidity(EternoToken a, EternoToken b, uint256 amountA, uint256 amountB, address to)
        internal
        returns (address pair)
    {
        a.approve(address(router), amountA);
        b.approve(address(router), amountB);
        router.addLiquidity(address(a), address(b), amountA, amountB, amountA, amountB, to, block.timestamp);
        pair = factory.getPair(address(a), address(b));
    }

    /// @dev Sends `amount` of `token` from the fixture's supply to `to`.
    function give(IERC20 token, address to, uint256 amount) internal {
        require(token.transfer(to, amount), "give");
    }

    /// @dev Gives `user` EULP by adding `etroAmount` + matching USDT at the pool price from the fixture.
    function giveEulp(address user, uint256 etroAmount) internal returns (uint256 liquidity) {
        (uint256 rEtro, uint256 rUsdt) = reserves(address(eulp), address(etro));
        uint256 usdtAmount = etroAmount * rUsdt / rEtro;
        etro.approve(address(router), etroAmount);
        usdt.approve(address(router), usdtAmount);
        (,, liquidity) =
            router.addLiquidity(address(etro), address(usdt), etroAmount, usdtAmount, 0, 0, user, block.timestamp);
    }

    /// @dev A pair's reserves, ordered as (reserve of `token`, reserve of the other token).
    function reserves(address pair, address token) internal view returns (uint256 rToken, uint256 rOther) {
        (uint112 r0, uint112 r1,) = IPair(pair).getReserves();
        (rToken, rOther) = IPair(pair).token0() == token ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
    }

    /// @dev Uniswap V2's getAmountOut, written out independently of the contracts under test.
    function uniAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) internal pure returns (uint256) {
        uint256 inWithFee = amountIn * 997;
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }
}
